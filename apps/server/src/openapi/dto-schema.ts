// JSON Schemas of the request DTOs, read from their class-validator decorators: the validation
// that runs is the contract that is published, so the two cannot drift apart.
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
// class-transformer keeps @Type() metadata here; its typings live under types/.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

export type JsonSchema = Record<string, unknown>;
type Class = abstract new (...args: never[]) => unknown;

/** Schemas of validators defined with ValidateBy (they carry no readable constraints). */
const CUSTOM: Record<string, JsonSchema> = {
  isBoonLists: {
    description: 'Boon card ids from the hand: one list (for the first step), or one list per check step',
    oneOf: [
      { type: 'array', maxItems: 10, items: { type: 'string', minLength: 1, maxLength: 100 } },
      { type: 'array', maxItems: 10, items: { type: 'array', maxItems: 10, items: { type: 'string', minLength: 1, maxLength: 100 } } },
    ],
  },
  isPlayerName: {
    description: 'Well-formed Unicode with a visible character; no control or bidirectional-control characters',
  },
  isNoteText: {
    type: 'string',
    description: 'Trimmed: 1-500 characters (code points) with a visible one; no control or bidirectional-control characters',
    minLength: 1,
  },
  isCheckOption: {
    description: 'The option index (0-9) for every step, or one index per step',
    oneOf: [
      { type: 'integer', minimum: 0, maximum: 9 },
      { type: 'array', maxItems: 10, items: { type: 'integer', minimum: 0, maximum: 9 } },
    ],
  },
};

function propertySchema(
  target: Class,
  property: string,
  metas: ValidationMetadata[],
  nested: (c: Class) => JsonSchema,
): { schema: JsonSchema; optional: boolean } {
  const item: JsonSchema = {};
  const list: JsonSchema = {};
  let isArray = false;
  let optional = false;
  for (const m of metas) {
    const c = (m.constraints ?? []) as unknown[];
    const into = m.each ? item : list;
    if (m.type === 'conditionalValidation') optional = true;
    else if (m.type === 'nestedValidation') {
      const typeMeta = defaultMetadataStorage.findTypeMetadata(target as never, property);
      const cls = typeMeta?.typeFunction() as Class | undefined;
      if (cls) Object.assign(m.each ? item : list, nested(cls));
    } else if (m.type === 'customValidation') {
      switch (m.name) {
        case 'isString':
          into.type = 'string';
          break;
        case 'isInt':
          into.type = 'integer';
          break;
        case 'isBoolean':
          into.type = 'boolean';
          break;
        case 'isObject':
          into.type = 'object';
          break;
        case 'isArray':
          isArray = true;
          break;
        case 'isIn':
          into.enum = c[0];
          break;
        case 'min':
          into.minimum = c[0];
          break;
        case 'max':
          into.maximum = c[0];
          break;
        case 'length':
          into.minLength = c[0];
          if (c[1] !== undefined) into.maxLength = c[1];
          break;
        case 'matches':
          into.pattern = (c[0] as RegExp).source;
          break;
        case 'arrayMinSize':
          list.minItems = c[0];
          break;
        case 'arrayMaxSize':
          list.maxItems = c[0];
          break;
        default:
          if (m.name && CUSTOM[m.name]) Object.assign(into, CUSTOM[m.name]);
      }
    }
  }
  if (isArray || Object.keys(item).length > 0) {
    const { type: _t, ...rest } = list;
    return { schema: { type: 'array', items: item, ...rest }, optional };
  }
  return { schema: list, optional };
}

/** The schema of a DTO class: its properties, which are required, nothing else allowed. */
export function dtoSchema(target: Class, nested: (c: Class) => JsonSchema = (c) => dtoSchema(c)): JsonSchema {
  const metas = getMetadataStorage().getTargetValidationMetadatas(target as never, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const m of metas) byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [property, list] of byProperty) {
    const { schema, optional } = propertySchema(target, property, list, nested);
    properties[property] = schema;
    if (!optional) required.push(property);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}
