// `npm run openapi`, step 1: the response schemas from the server's types (see response-schemas.ts).
import { writeFileSync } from 'node:fs';
import { RESPONSE_SCHEMAS_FILE, responseSchemasText } from './response-schemas';

writeFileSync(RESPONSE_SCHEMAS_FILE, responseSchemasText());
