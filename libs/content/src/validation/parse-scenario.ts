// A scenario document, built-in or posted inline, becomes a ScenarioDefinition only through here.
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import type { ScenarioDefinition } from '@logbook/rules';
import { resolveCatalogueReferences } from '../catalogue/catalogue';
import { crossReferenceProblems } from './cross-references';
import { ScenarioDto } from './scenario.dto';

export type ParsedScenario = { ok: true; scenario: ScenarioDefinition } | { ok: false; errors: string[] };

const pathOf = (parent: string, property: string): string => (/^\d+$/.test(property) ? `${parent}[${property}]` : parent ? `${parent}.${property}` : property);

/** Flattens class-validator's tree into "path: why" lines, e.g. "tiles[2].hexes[0].terrain: …". */
const flatten = (errors: ValidationError[], parent = ''): string[] =>
  errors.flatMap((e) => {
    const path = pathOf(parent, e.property);
    const own = Object.values(e.constraints ?? {}).map((why) => `${path}: ${why.startsWith(`${e.property} `) ? why.slice(e.property.length + 1) : why}`);
    return [...own, ...flatten(e.children ?? [], path)];
  });

/**
 * Resolves the document's references to the content catalogue (ids in `cards`, `shipCards`,
 * `tiles`, `enemyPool`), then validates it: every field's shape (unknown fields are refused, so a typo never
 * passes silently), then the cross-references. Missing optional parts take their defaults
 * (ordersPerTurn 3, act thresholds 4 and 8, clue goal 12, no storms, …).
 */
export function parseScenario(doc: unknown): ParsedScenario {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return { ok: false, errors: ['scenario: must be a JSON object'] };
  }
  const resolved = resolveCatalogueReferences(doc);
  if (!resolved.ok) return { ok: false, errors: resolved.errors };
  const dto = plainToInstance(ScenarioDto, resolved.doc, { exposeDefaultValues: true });
  const shapeErrors = flatten(validateSync(dto, { whitelist: true, forbidNonWhitelisted: true }));
  if (shapeErrors.length > 0) return { ok: false, errors: shapeErrors };
  const scenario = JSON.parse(JSON.stringify(dto)) as ScenarioDefinition;
  const problems = crossReferenceProblems(scenario);
  return problems.length > 0 ? { ok: false, errors: problems } : { ok: true, scenario };
}
