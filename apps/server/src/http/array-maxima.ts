// Arrays longer than their DTO's @ArrayMaxSize are refused before class-transformer sees them:
// it builds an instance of every element (and class-validator then validates each) before the
// maximum is ever checked, so a 512 kB body of 40,000 players cost a second of the event loop.
// The maxima are read from the same class-validator metadata that validates (and that the
// OpenAPI document publishes as maxItems), so there is no second list to keep.
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
// class-transformer keeps @Type() metadata here; its typings live under types/.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

type Class = abstract new (...args: never[]) => unknown;

interface ArrayRule {
  property: string;
  /** From @ArrayMaxSize; undefined when the property only nests (its elements have maxima of their own). */
  max?: number;
  /** The class of a @ValidateNested property's value or elements (from @Type). */
  nested?: Class;
}

/** An array over its maximum: where (`players`, `steps`, `a.0.b`), and class-validator's wording for it. */
export interface OversizedArray {
  path: string;
  /** `<property> must contain no more than <max> elements`, as @ArrayMaxSize says it. */
  message: string;
}

const rulesByClass = new Map<Class, ArrayRule[]>();

function rulesOf(target: Class): ArrayRule[] {
  let rules = rulesByClass.get(target);
  if (rules !== undefined) return rules;
  const metas: ValidationMetadata[] = getMetadataStorage().getTargetValidationMetadatas(target as never, '', true, false);
  const byProperty = new Map<string, ArrayRule>();
  const ruleFor = (property: string): ArrayRule => {
    let rule = byProperty.get(property);
    if (rule === undefined) byProperty.set(property, (rule = { property }));
    return rule;
  };
  for (const m of metas) {
    if (m.name === 'arrayMaxSize') ruleFor(m.propertyName).max = Number(m.constraints[0]);
    else if (m.type === 'nestedValidation') {
      const cls = defaultMetadataStorage.findTypeMetadata(target as never, m.propertyName)?.typeFunction() as Class | undefined;
      if (cls) ruleFor(m.propertyName).nested = cls;
    }
  }
  rules = [...byProperty.values()];
  rulesByClass.set(target, rules);
  return rules;
}

/**
 * The arrays of `value` (a body meant for `target`) longer than their maximum, nested DTOs
 * included; looks at nothing else, and descends only into arrays within their maximum.
 */
export function oversizedArrays(target: Class, value: unknown, path = '', depth = 0): OversizedArray[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || depth > 32) return [];
  const found: OversizedArray[] = [];
  const record = value as Record<string, unknown>;
  for (const { property, max, nested } of rulesOf(target)) {
    if (!Object.prototype.hasOwnProperty.call(record, property)) continue;
    const field = record[property];
    const at = path ? `${path}.${property}` : property;
    if (Array.isArray(field) && max !== undefined && field.length > max) {
      found.push({ path: at, message: `${property} must contain no more than ${max} elements` });
      continue;
    }
    if (!nested) continue;
    if (Array.isArray(field)) field.forEach((element, i) => found.push(...oversizedArrays(nested, element, `${at}.${i}`, depth + 1)));
    else found.push(...oversizedArrays(nested, field, at, depth + 1));
  }
  return found;
}

/** Every array property of `target` (and of the DTOs it nests) that has no @ArrayMaxSize. */
export function arraysWithoutMaximum(target: Class, seen = new Set<Class>()): string[] {
  if (seen.has(target)) return [];
  seen.add(target);
  const metas: ValidationMetadata[] = getMetadataStorage().getTargetValidationMetadatas(target as never, '', true, false);
  const arrays = new Set(metas.filter((m) => m.name === 'isArray' || (m.each && m.type !== 'conditionalValidation')).map((m) => m.propertyName));
  const rules = rulesOf(target);
  const unbounded = [...arrays].filter((p) => rules.find((r) => r.property === p)?.max === undefined).map((p) => `${target.name}.${p}`);
  return [...unbounded, ...rules.flatMap((r) => (r.nested ? arraysWithoutMaximum(r.nested, seen) : []))];
}
