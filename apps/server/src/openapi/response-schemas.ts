// Writes response-schemas.json, the schemas of response-types.ts (`npm run openapi`), and checks it
// is current (response-schemas.spec.ts): the server serves the JSON and never loads TypeScript.
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
