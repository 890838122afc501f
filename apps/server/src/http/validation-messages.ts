// What a refused body is told, from class-validator's errors: per field the first rule it breaks
// (a missing name is "name must be a string", not also every rule an absent string breaks), and
// for a field the DTO does not know only that it is unknown, with the nearest known name. A
// misspelt field's known twin is then missing only because of the typo, so its rules stay unsaid.
import { getMetadataStorage, type ValidationError } from 'class-validator';

export interface FieldProblem {
  /** Where the object holding the field sits in the body (`players.0`), '' at the top. */
  parent: string;
  property: string;
  /** A sentence naming the field (`name must be a string`). */
  message: string;
}

/** class-validator's constraint name for a field `forbidNonWhitelisted` refuses. */
const UNKNOWN = 'whitelistValidation';

/** The fields a DTO class declares rules for (none for a plain object). */
const knownFields = (target: object | undefined): string[] => {
  if (target === undefined || target === null || typeof target !== 'object') return [];
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(target.constructor, '', true, false);
  return [...new Set(metadatas.map((m) => m.propertyName))];
};

/**
 * Edit distance with a swap of two neighbours as one edit (`nmae` is one from `name`),
 * case-insensitive; field names are short, so a full table is cheap.
 */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => d[i]?.[j] ?? 0;
  for (let i = 1; i <= x.length; i++) {
    const row = d[i] as number[];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (x[i - 1] === y[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(x.length, y.length);
}

/**
 * Constraints that say what a field is (present, a string, one of a list): when one of them
 * fails, the rules about its length or its characters are beside the point. Stacked decorators
 * register from the bottom up, so class-validator's own order is not the order they are written.
 */
const WHAT_IT_IS = ['isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject', 'isIn', 'isEnum'];

const firstMessage = (constraints: Record<string, string> | undefined): string | undefined => {
  if (constraints === undefined) return undefined;
  for (const name of WHAT_IT_IS) if (constraints[name] !== undefined) return constraints[name];
  return Object.values(constraints)[0];
};

/** The known name a typo most likely meant: within a third of its length (at least 1, at most 3 edits). */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d <= limit && (best === undefined || d < best.distance)) best = { name: candidate, distance: d };
  }
  return best?.name;
}

const join = (parent: string, property: string): string => (parent ? `${parent}.${property}` : property);

/** One problem per field that breaks a rule, in the body's order, nested fields by their path. */
export function fieldProblems(errors: readonly ValidationError[], parent = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const meant = new Set<string>();
  for (const error of errors) {
    if (error.constraints?.[UNKNOWN] === undefined) continue;
    const known = knownFields(error.target);
    const nearest = nearestName(error.property, known);
    if (nearest !== undefined) meant.add(nearest);
    const hint = nearest !== undefined ? `: did you mean ${nearest}?` : known.length > 0 ? ` (known fields: ${known.join(', ')})` : '';
    problems.push({ parent, property: error.property, message: `${error.property} is not a known field${hint}` });
  }
  for (const error of errors) {
    if (error.constraints?.[UNKNOWN] !== undefined) continue;
    if (meant.has(error.property) && error.value === undefined) continue;
    const first = firstMessage(error.constraints);
    if (first !== undefined) problems.push({ parent, property: error.property, message: first });
    problems.push(...fieldProblems(error.children ?? [], join(parent, error.property)));
  }
  return problems;
}

/** The messages Nest's ValidationPipe gives, one per field: `players.0.name must be a string`. */
export const pipeMessages = (errors: readonly ValidationError[]): string[] =>
  fieldProblems(errors).map(({ parent, message }) => (parent ? `${parent}.${message}` : message));
