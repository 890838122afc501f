// The OpenAPI contract, generated from the code: routes from the controllers (@nestjs/swagger),
// request bodies from the DTOs' validation decorators, response bodies from the types the routes
// return (response-types.ts), the rule ids each command can be refused with, and what each
// operation answers (operations.ts). Served at /openapi.json, browsable at /docs.
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { commandDtoClasses } from '../games/dto/command-dtos';
import { CreateGameDto } from '../games/dto/create-game.dto';
import { ForkGameDto } from '../games/dto/fork-game.dto';
import { AddNoteDto } from '../games/dto/note.dto';
import { RegisterPlayerDto } from '../players/register-player.dto';
import { HeartbeatDto } from '../presence/presence.controller';
import { RebuildReadModelDto } from '../read-models/read-models-admin.controller';
import { HandSeatDto } from '../bots/dto/hand-seat.dto';
import { ClaimSeatDto } from '../games/dto/claim-seat.dto';
import { serverVersion } from '../health/version';
import { SCENARIO_LIMITS } from '@logbook/content';
import { MAX_IMPORT_BYTES } from '../http/fastify';
import { COMMAND_BODY_BYTES, FORBIDDEN_KEYS, MAX_JSON_BYTE_COUNT, MAX_JSON_DEPTH, NO_BODY_BYTES, SMALL_BODY_BYTES } from '../http/json-body';
import { RATE_BUDGETS } from '../http/rate-limits';
import { COMMAND_RULES, PIPELINE_RULES } from './command-rules';
import { dtoSchema, type JsonSchema } from './dto-schema';
import { describeOperations } from './operations';
import RESPONSE_SCHEMAS from './response-schemas.json';

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
    .addSecurity('seat', { type: 'http', scheme: 'bearer', description: 'A seat token, shown once by POST /games (or a fork or an import)' })
    .addSecurity('operator', { type: 'http', scheme: 'bearer', description: "The operator's token (LOGBOOK_ADMIN_TOKEN)" })
    .addSecurity('player', { type: 'apiKey', in: 'header', name: 'X-Player-Secret', description: "A player's secret, shown once by POST /players" })
    .addSecurity('metrics', { type: 'http', scheme: 'bearer', description: 'The metrics token (LOGBOOK_METRICS_TOKEN), when one is configured' })
    .setLicense('UNLICENSED', 'https://choosealicense.com/no-permission/')
    .addServer('/', 'This server')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  // 3.1: its schemas are JSON Schema 2020-12, as the response schemas are written (null as a type).
  document.openapi = '3.1.0';
  const schemas = ((document.components ??= {}).schemas ??= {});
  for (const [name, schema] of Object.entries(RESPONSE_SCHEMAS)) {
    if (schemas[name]) throw new Error(`Two schemas are named ${name}`);
    schemas[name] = schema as never;
  }

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
  schemas.AddNote = dtoSchema(AddNoteDto) as never;
  schemas.RegisterPlayer = dtoSchema(RegisterPlayerDto) as never;
  schemas.Heartbeat = dtoSchema(HeartbeatDto) as never;
  schemas.RebuildReadModel = dtoSchema(RebuildReadModelDto) as never;
  schemas.HandSeat = dtoSchema(HandSeatDto) as never;
  schemas.ClaimSeat = dtoSchema(ClaimSeatDto) as never;
  // @nestjs/swagger's own (empty) reading of the body classes: the bodies are CreateGame, ForkGame, AddNote, RegisterPlayer, Heartbeat, HandSeat and ClaimSeat above.
  delete schemas.CreateGameDto;
  delete schemas.ForkGameDto;
  delete schemas.AddNoteDto;
  delete schemas.RegisterPlayerDto;
  delete schemas.HeartbeatDto;
  delete schemas.RebuildReadModelDto;
  delete schemas.HandSeatDto;
  delete schemas.ClaimSeatDto;

  describeOperations(document);
  return document;
}

/** Serves the document at /openapi.json and a browsable page at /docs. */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'openapi.json', raw: ['json'] });
}
