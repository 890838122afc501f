// Writes response-schemas.json, the schemas of response-types.ts (`npm run openapi` runs this
// file); test/openapi.e2e-spec.ts checks the committed file is current. The server serves the JSON
// and never loads TypeScript.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemasFromTypes, type JsonSchema } from './schemas-from-types';

export const RESPONSE_SCHEMAS_FILE = join(__dirname, 'response-schemas.json');

/**
 * The rules' own CreateGame command (a type any logged command may be) beside the request body
 * of POST /games, which has that name in the document.
 */
const RENAMES = { CreateGame: 'CreateGameSystemCommand' };

/** Types whose schema is a more precise type of response-types.ts (the server passes their `unknown` parts on as recorded). */
const REFINED = { EventView: 'GameEventView' };

export function responseSchemas(): Record<string, JsonSchema> {
  const schemas = schemasFromTypes(join(__dirname, 'response-types.ts'), RENAMES);
  for (const [name, refined] of Object.entries(REFINED)) {
    const schema = schemas[refined];
    if (!schema || !schemas[name]) throw new Error(`${name} and ${refined} are both response types`);
    schemas[name] = schema;
    delete schemas[refined];
  }
  return schemas;
}

export const responseSchemasText = (): string => `${JSON.stringify(responseSchemas(), null, 2)}\n`;

if (require.main === module) writeFileSync(RESPONSE_SCHEMAS_FILE, responseSchemasText());
