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

export const responseSchemas = (): Record<string, JsonSchema> => schemasFromTypes(join(__dirname, 'response-types.ts'), RENAMES);

export const responseSchemasText = (): string => `${JSON.stringify(responseSchemas(), null, 2)}\n`;

if (require.main === module) writeFileSync(RESPONSE_SCHEMAS_FILE, responseSchemasText());
