// The OpenAPI contract, generated from the code: routes from the controllers (@nestjs/swagger),
// request bodies from the DTOs' validation decorators, the rule ids each command can be refused
// with, and the problem+json errors. Served at /openapi.json, browsable at /docs.
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { commandDtoClasses } from '../games/dto/command-dtos';
import { CreateGameDto } from '../games/dto/create-game.dto';
import { ForkGameDto } from '../games/dto/fork-game.dto';
import { serverVersion } from '../health/version';
import { SCENARIO_LIMITS } from '@logbook/content';
import { MAX_IMPORT_BYTES } from '../http/fastify';
import { COMMAND_BODY_BYTES, FORBIDDEN_KEYS, MAX_JSON_BYTE_COUNT, MAX_JSON_DEPTH, NO_BODY_BYTES, SMALL_BODY_BYTES } from '../http/json-body';
import { RATE_BUDGETS } from '../http/rate-limits';
import { COMMAND_RULES, PIPELINE_RULES } from './command-rules';
import { dtoSchema, type JsonSchema } from './dto-schema';

const problemRef = { $ref: '#/components/schemas/Problem' };
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: problemRef } } });

const PROBLEM_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'RFC 9457 problem details; every error of this API has this shape',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', example: '/problems/rule-violation' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    rule: { type: 'string', description: '422 only: the stable rule id (RULES.md)' },
    errors: { type: 'array', items: { type: 'string' }, description: '400 only: one line per invalid field' },
    currentRevision: { type: 'integer', description: '409 stale-revision only' },
  },
};

const commandSchemaName = (type: string) => `${type}Command`;
const kB = (bytes: number) => `${bytes / 1024} kB`;

/** Builds the document: call after the app is created (routes are read from its modules). */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Logbook')
    .setVersion(serverVersion())
    .setDescription(
      [
        'Event-sourced server of a co-operative nautical board game. Errors are `application/problem+json`.',
        `Bodies are JSON objects (\`Content-Type: application/json\`, nested at most ${MAX_JSON_DEPTH} deep,`,
        `no key named ${[...FORBIDDEN_KEYS].map((k) => `\`${k}\``).join(', ')}); anything else is a 400.`,
        `Each route reads at most its own limit (413 past it): POST /games ${kB(MAX_JSON_BYTE_COUNT)}, a command ${kB(COMMAND_BODY_BYTES)}, a fork ${kB(SMALL_BODY_BYTES)}, other routes ${kB(NO_BODY_BYTES)};`,
        `JSON lines (application/x-ndjson) are read by POST /games/import alone (operators), up to ${MAX_IMPORT_BYTES / 1024 / 1024} MiB, and are a 415 anywhere else.`,
        `Rate budgets per client address and minute: ${Object.entries(RATE_BUDGETS)
          .map(([name, b]) => `${name} ${b.limit}${b.unit === 'bytes' ? ' bytes' : ''}`)
          .join(', ')} (429 with Retry-After past them).`,
        'Seats authenticate with `Authorization: Bearer <seat token>`; without it a caller is a spectator.',
      ].join(' '),
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'A seat token, shown once by POST /games' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const schemas = ((document.components ??= {}).schemas ??= {});
  schemas.Problem = PROBLEM_SCHEMA as never;

  // One schema per command type; `type` is the discriminator.
  const mapping: Record<string, string> = {};
  for (const [type, dto] of commandDtoClasses()) {
    const schema = dtoSchema(dto);
    (schema.properties as Record<string, JsonSchema>).type = { type: 'string', enum: [type] };
    schema['x-rule-ids'] = COMMAND_RULES[type];
    schema.description = `Refused (422) with: ${[...COMMAND_RULES[type], ...PIPELINE_RULES].map((r) => `\`${r}\``).join(', ')}`;
    schemas[commandSchemaName(type)] = schema as never;
    mapping[type] = `#/components/schemas/${commandSchemaName(type)}`;
  }
  schemas.Command = {
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'type', mapping },
  } as never;
  schemas.CreateGame = {
    ...dtoSchema(CreateGameDto),
    properties: {
      ...(dtoSchema(CreateGameDto).properties as object),
      scenario: {
        description:
          'A built-in scenario id (GET /scenarios) or an inline scenario document (docs/scenario-format.md); a document is refused (400, naming the field) past its maxima (x-maxima: list lengths, and characters of names, labels and the description)',
        oneOf: [{ type: 'string' }, { type: 'object', 'x-maxima': { ...SCENARIO_LIMITS } }],
      },
    },
  } as never;

  schemas.ForkGame = dtoSchema(ForkGameDto) as never;

  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(
      item as Record<string, { responses?: Record<string, unknown>; requestBody?: unknown; description?: string; parameters?: unknown[] }>,
    )) {
      const responses = (operation.responses ??= {});
      responses['400'] ??= problem('Malformed request: invalid fields, not JSON, too deep, a forbidden key, a malformed id');
      if (path.includes('{gameId}')) {
        responses['404'] ??= problem('No such game');
        responses['403'] ??= problem('The bearer token is not a seat of this game');
      }
      responses['429'] ??= problem('Rate budget spent (see the Retry-After header)');
      if (path === '/games/{gameId}/commands' && method === 'post') {
        operation.requestBody = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Command' } } } };
        responses['401'] ??= problem('No seat token');
        responses['409'] ??= problem('If-Match is not the current revision, or the commandId was used for another command');
        responses['422'] ??= problem('A rule forbids it: `rule` is the rule id (each command lists its own)');
        operation.parameters = [
          ...(operation.parameters ?? []),
          { name: 'If-Match', in: 'header', required: false, description: 'The revision the command expects ("12", W/"12" or *)', schema: { type: 'string' } },
        ];
      }
      if (method === 'post' && (path === '/games' || path === '/games/{gameId}/fork' || path === '/games/import')) {
        responses['507'] ??= problem(
          'No new game is stored: the data folder is full (LOGBOOK_MAX_DATA_MB) or this client address has started its last game (LOGBOOK_MAX_GAMES_PER_CLIENT)',
        );
      }
      if (path === '/games/{gameId}/fork' && method === 'post') {
        operation.requestBody = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/ForkGame' } } } };
      }
      if (path === '/games' && method === 'post') {
        operation.requestBody = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateGame' } } } };
      }
      if (path === '/games/{gameId}/live') {
        responses['429'] = problem('Rate budget spent (see the Retry-After header), or this client holds too many live feeds open');
        operation.description ??=
          'Server-sent events (text/event-stream). Resumes after Last-Event-ID; a comment line at least every 15 s; ends when the game ends.';
      }
    }
  }
  return document;
}

/** Serves the document at /openapi.json and a browsable page at /docs. */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'openapi.json', raw: ['json'] });
}
