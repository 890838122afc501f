// What each operation answers, with which statuses, headers and media types, and who may call it:
// the part of the contract that @nestjs/swagger cannot read from the controllers (their guards,
// hijacked streams and hand-set headers). The schemas named here are the response types
// (response-types.ts); `describeOperations` applies this table to the generated document, and
// test/openapi.e2e-spec.ts checks that every operation has an entry.
import type { OpenAPIObject } from '@nestjs/swagger';
import type { ParameterObject, RequestBodyObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { CHART_NAMES } from '@logbook/app-core';
import { MAX_IMPORT_BYTES } from '../http/fastify';

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: schema(name) } });

/** Who may call: seat tokens and the operator's token are bearer tokens; no token is a spectator. */
type Access = 'public' | 'seat' | 'seat-or-spectator' | 'viewer' | 'operator' | 'metrics' | 'player' | 'player-or-operator';
const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  seat: [{ seat: [] }],
  'seat-or-spectator': [{ seat: [] }, {}],
  viewer: [{ operator: [] }, { seat: [] }, {}],
  operator: [{ operator: [] }],
  /** Open unless LOGBOOK_METRICS_TOKEN is set; then that token or the operator's. */
  metrics: [{ metrics: [] }, { operator: [] }, {}],
  /** A profile's own secret (X-Player-Secret), shown once by POST /players. */
  player: [{ player: [] }],
  'player-or-operator': [{ player: [] }, { operator: [] }],
};

const GAME_ID: ParameterObject = {
  name: 'gameId',
  in: 'path',
  required: true,
  description: 'The game id POST /games answered',
  schema: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
};
const query = (name: string, description: string, extra: Record<string, unknown> = {}): ParameterObject => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string', ...extra } as never,
});
const WHOLE = { pattern: '^\\d{1,9}$' };
const CORRELATION_ID: ParameterObject = {
  name: 'x-correlation-id',
  in: 'header',
  required: false,
  description: 'Recorded with the events when it differs from the commandId: 1-128 visible ASCII characters',
  schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,128}$' },
};

const ETAG = { ETag: { description: 'The revision this answer shows ("12"); send it as If-None-Match for a 304', required: true, schema: { type: 'string' } } };
const IF_NONE_MATCH: ParameterObject = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An ETag of an earlier answer: 304 without a body while it is still current',
  schema: { type: 'string' },
};
const NOT_MODIFIED: ResponseObject = { description: 'Not modified: the ETag sent in If-None-Match is current', headers: ETAG };

const problem = (description: string, headers?: ResponseObject['headers']): ResponseObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: schema('Problem') } },
});

const ERRORS = {
  400: 'Malformed request: invalid fields, not JSON, too deep, a forbidden key, a malformed id or query',
  401: 'No seat token where a seat is required, or no operator token where an operator is',
  403: 'The bearer token is not a seat of this game (or not the operator token)',
  404: 'No such game',
  410: 'The game was deleted from the event store for good',
  409: 'If-Match is not the current revision (`currentRevision` says which is), or the commandId was used for another command',
  413: 'The body is longer than this route reads',
  415: 'The body is not of the media type this route reads',
  422: 'A rule forbids it: `rule` is the rule id (RULES.md)',
  503: 'The event store did not answer (a command may or may not have been recorded: send it again with the same commandId)',
  501: 'Not offered where the server keeps this data (the configuration says why)',
  507: 'No new game is stored: the data folder is full (LOGBOOK_MAX_DATA_MB) or this client address has started its last game (LOGBOOK_MAX_GAMES_PER_CLIENT)',
} as const;
type ErrorStatus = keyof typeof ERRORS;

const RETRY_AFTER = { 'Retry-After': { description: 'Whole seconds to wait before sending again', required: true, schema: { type: 'integer', minimum: 1 } } };

interface Operation {
  summary: string;
  access: Access;
  /** The success answers, by status. */
  ok: Record<number, ResponseObject>;
  /** Problems it can answer besides 400 and 429, each with the general wording unless given. */
  errors: Array<ErrorStatus | [ErrorStatus, string]>;
  parameters?: ParameterObject[];
  body?: RequestBodyObject;
}

const jsonBody = (name: string): RequestBodyObject => ({ required: true, content: json(name) });

const SEEK: ParameterObject[] = [
  query('at', "A past revision (0 up to the game's): the board as it stood then", WHOLE),
  query('round', 'With turn: the board as the turn began (from 1)', WHOLE),
  query('turn', 'The turn of round (from 1; 1 when left out)', WHOLE),
];

const LIVE_FORMAT = [
  'Server-sent events: first `retry: 2000`, then one message per event from revision `from` (or after the `Last-Event-ID` a reconnecting client sends):',
  '`id: <revision>`, `event: <event type>`, `data: <LiveEvent JSON>`; then live as they are recorded, until the game ends (the stream closes).',
  'A comment line (`: keep-alive`) at least every 15 s. `event: error` (`data: <LiveError JSON>`) when the feed stops: reconnect with Last-Event-ID.',
  'With `presence=true`, also `event: presence` (`data: <Presence JSON>`, no id: not an event of the game) at once and at each change of who is connected to this server.',
].join(' ');

const PRESENCE_CLIENT = query(
  'client',
  "The page's own random id (8-64 letters, digits, - or _), the one its heartbeats send: its feed then counts for the heartbeats' seat",
  {
    pattern: '^[A-Za-z0-9_-]{8,64}$',
  },
);

const ANALYTICS_FILTERS = 'Filters: scenario, from/to (ISO 8601 creation times), player (a seat name), simulated (true/false), bot';

const PLAYER_ERRORS: Operation['errors'] = [
  [401, 'No X-Player-Secret header'],
  [403, "X-Player-Secret is not this player's secret"],
  [404, 'No such player'],
  [410, 'The player was erased (DELETE /players/{playerId}): the profile and its secret are gone'],
];

const OPERATIONS: Record<string, Operation> = {
  'post /players': {
    summary:
      'Registers a player profile: answers its id and its secret (shown this once; the server keeps only a digest). The name is kept sealed (docs/privacy.md)',
    access: 'public',
    ok: { 201: { description: 'The new profile and its secret', content: json('RegisteredPlayer') } },
    errors: [413, 415],
    body: jsonBody('RegisterPlayer'),
  },
  'get /players/{playerId}': {
    summary: "A player's profile, with its own secret (X-Player-Secret)",
    access: 'player',
    ok: { 200: { description: 'The profile', content: json('PlayerProfile') } },
    errors: PLAYER_ERRORS,
  },
  'get /players/{playerId}/games': {
    summary:
      "The games a player sat in (a seat linked to its profile), newest first, each with its outcome, and a summary over them; with `with`, only those every listed player sat in too (a group's last voyages). The player's own secret",
    access: 'player',
    ok: { 200: { description: 'The games and their summary', content: json('PlayerGames') } },
    errors: [400, ...PLAYER_ERRORS],
  },
  'get /players/{playerId}/analytics': {
    summary:
      "A player's figures over its games: win rate per scenario, rounds, damage taken, encounters won, favourite character, with whom it played. The player's own secret",
    access: 'player',
    ok: { 200: { description: 'The figures', content: json('PlayerFigures') } },
    errors: PLAYER_ERRORS,
  },
  'delete /players/{playerId}': {
    summary:
      'Erases a player (its own secret, or the operator\'s token): the key its name was sealed with is deleted, so it reads "erased player" everywhere from now on, and its secret opens nothing (410). Every game still replays to the same boards',
    access: 'player-or-operator',
    ok: { 204: { description: 'Erased (by the operator again: nothing more changes)' } },
    errors: [
      [401, 'Neither X-Player-Secret nor the operator token'],
      [403, "Not this player's secret, nor the operator token"],
      [404, 'No such player'],
      PLAYER_ERRORS[3],
    ],
  },
  'get /health': {
    summary: 'Whether the store answers and its data is sound, and how the read models keep up',
    access: 'public',
    ok: {
      200: { description: 'The store answers and its data is sound (`degraded`: a read model is resubscribing or failed)', content: json('Health') },
      503: { description: 'The store does not answer, or its data is damaged (same shape)', content: json('Health') },
    },
    errors: [],
  },
  'get /admin/read-models': {
    summary: 'Each read model: the generation serving reads, how far it is, and its online rebuild under way or last (operators only)',
    access: 'operator',
    ok: { 200: { description: 'The read models by name', content: json('ReadModelGenerations') } },
    errors: [401, 403],
  },
  'post /admin/read-models/{name}/rebuild': {
    summary: 'Builds the next generation of a read model beside the live one, which answers until the new one has caught up and takes over (operators only)',
    access: 'operator',
    ok: {
      202: {
        description:
          'The rebuild started (PostgreSQL: on the server that runs the read model; another one records the request for it, state requested); GET /admin/read-models or /health shows its progress and the switch',
        content: json('StartedRebuild'),
      },
    },
    errors: [
      401,
      403,
      [404, 'No read model of that name (game-states, analytics)'],
      [409, 'An online rebuild of this read model is already under way (or requested, on any server sharing the database)'],
    ],
    body: jsonBody('RebuildReadModel'),
  },
  'get /metrics': {
    summary: "Prometheus' text format: orders, HTTP latency, the store's commits, read-model lag, feeds, games in memory, process figures",
    access: 'metrics',
    ok: {
      200: {
        description: 'The metrics (counts and timings only, never game content or tokens)',
        content: { 'text/plain': { schema: { type: 'string', description: "Prometheus' text exposition format, version 0.0.4" } } },
      },
    },
    errors: [
      [401, 'LOGBOOK_METRICS_TOKEN is set and no token was sent'],
      [403, 'The token sent is neither the metrics token nor the operator token'],
      [404, 'Metrics are off (LOGBOOK_METRICS=off)'],
    ],
  },
  'post /games': {
    summary: "A new game: the scenario, the players' names (or profiles, each with its secret), and a seat token per seat (shown once)",
    access: 'public',
    ok: { 201: { description: 'The new game and its seat tokens', content: json('CreatedGame') } },
    errors: [[403, "A profile's playerSecret is not its secret"], [404, 'No such player profile'], [410, 'A profile was erased'], 413, 415, 507],
    parameters: [CORRELATION_ID],
    body: jsonBody('CreateGame'),
  },
  'get /games': {
    summary: 'Public summaries of the games, newest first, a page at a time',
    access: 'public',
    ok: { 200: { description: 'A page of games; `nextCursor` (null on the last page) fetches the next', content: json('GamesPage') } },
    errors: [],
    parameters: [
      query('status', 'Only games of this status', { enum: ['active', 'won', 'lost'] }),
      query('scenario', 'Only games of this scenario id'),
      query('limit', 'Games per page (1-1000, 100 when left out)', WHOLE),
      query('cursor', "The previous page's nextCursor (leave it out for the first page)", { minLength: 1, maxLength: 200 }),
    ],
  },
  'get /games/{gameId}': {
    summary: 'The board as the caller may see it: now, or at a past revision (`at`) or turn (`round`, `turn`)',
    access: 'seat-or-spectator',
    ok: { 200: { description: 'The board view', headers: ETAG, content: json('BoardView') }, 304: NOT_MODIFIED },
    errors: [403, 404],
    parameters: [...SEEK, IF_NONE_MATCH],
  },
  'get /games/{gameId}/options': {
    summary: "What the caller's seat may send now, each with its cost and button words (none for a spectator)",
    access: 'seat-or-spectator',
    ok: { 200: { description: 'The legal options', headers: ETAG, content: json('GameOptions') }, 304: NOT_MODIFIED },
    errors: [403, 404],
    parameters: [IF_NONE_MATCH],
  },
  'get /games/{gameId}/events': {
    summary: "The game's events from revision `from`, as the caller may see them (hidden parts left out)",
    access: 'seat-or-spectator',
    ok: { 200: { description: 'A page of events', content: json('CommandResult') } },
    errors: [403, 404],
    parameters: [query('from', 'The first revision (0 when left out)', WHOLE), query('limit', 'At most this many events (1-1000, 1000 when left out)', WHOLE)],
  },
  'get /games/{gameId}/live': {
    summary: "The game's events as server-sent events, then live until the game ends",
    access: 'seat-or-spectator',
    ok: {
      200: {
        description: LIVE_FORMAT,
        content: {
          'text/event-stream': {
            schema: { type: 'string', description: LIVE_FORMAT },
            // Each message's data by event name; any other name is a game event.
            'x-sse-data': { error: schema('LiveError'), presence: schema('Presence'), '*': schema('LiveEvent') },
          } as never,
        },
      },
    },
    errors: [403, 404],
    parameters: [
      query('from', 'The first revision (0 when left out)', WHOLE),
      query('presence', '`true`: presence messages too (see above); `false` when left out', { enum: ['true', 'false'] }),
      PRESENCE_CLIENT,
      {
        name: 'Last-Event-ID',
        in: 'header',
        required: false,
        description: 'The id of the last message a reconnecting client had: resumes after it (before `from`)',
        schema: { type: 'string' },
      },
    ],
  },
  'get /games/{gameId}/presence': {
    summary: 'Who is connected to this server for the game: each seat connected, away or absent and since when, and spectators counted (seats and names only)',
    access: 'seat-or-spectator',
    ok: { 200: { description: "This server's view of the game's presence (each server knows only its own connections)", content: json('Presence') } },
    errors: [403, 404],
  },
  'post /games/{gameId}/presence': {
    summary: 'A heartbeat: the page is open, its seat (the token) or a spectator (none) is seen now',
    access: 'seat-or-spectator',
    ok: { 204: { description: 'Seen' } },
    errors: [403, 404, 413, 415],
    body: { required: true, description: 'JSON, `{}` at least (like every POST)', content: json('Heartbeat') },
  },
  'post /games/{gameId}/commands': {
    summary: "A seat's command: the events it decided, or the rule that refused it",
    access: 'seat',
    ok: { 200: { description: 'Accepted (or the same commandId sent again): the events it recorded', headers: ETAG, content: json('CommandResult') } },
    errors: [
      401,
      403,
      404,
      [
        409,
        "If-Match is not the current revision (`currentRevision`), the commandId was used for another command, or the game is frozen: today's rules decide its log differently (`rule` game.frozen-rules-changed, `divergedAt` the action) until an operator migrates it",
      ],
      413,
      415,
      [422, 'A rule forbids it: `rule` is the rule id (each command schema lists its own)'],
    ],
    parameters: [
      { name: 'If-Match', in: 'header', required: false, description: 'The revision the command expects ("12", W/"12" or *)', schema: { type: 'string' } },
      CORRELATION_ID,
    ],
    body: jsonBody('Command'),
  },
  'post /games/{gameId}/seats/{seat}/bot': {
    summary: "The seat is played by a bot from now on (by its own token, or the operator when its player left); its token stays its player's",
    access: 'viewer',
    ok: { 200: { description: 'Recorded: the SeatHandedToBot event', content: json('CommandResult') } },
    errors: [
      401,
      403,
      404,
      [409, "The game is frozen: today's rules decide its log differently (`rule` game.frozen-rules-changed) until an operator migrates it"],
      413,
      415,
      [422, 'A rule forbids it: `seat.already-bot`, `seat.unknown`, `game.over` (RULES.md)'],
    ],
    body: jsonBody('HandSeat'),
  },
  'delete /games/{gameId}/seats/{seat}/bot': {
    summary: "The seat's player plays it again (its own token, or the operator)",
    access: 'viewer',
    ok: { 200: { description: 'Recorded: the SeatTakenBack event', content: json('CommandResult') } },
    errors: [
      401,
      403,
      404,
      [409, "The game is frozen: today's rules decide its log differently (`rule` game.frozen-rules-changed) until an operator migrates it"],
      [422, 'A rule forbids it: `seat.not-bot`, `seat.unknown`, `game.over` (RULES.md)'],
    ],
  },
  'post /games/{gameId}/seats/{seat}/claim': {
    summary:
      "Links the seat to a player profile from now on (the seat's own token, and the profile's id and secret): the seat shows the profile's name and the game counts in the profile's games and analytics. The same claim sent again answers what it did",
    access: 'seat',
    ok: { 200: { description: 'Recorded: the SeatClaimed event (or, for the same claim again, what it recorded)', content: json('CommandResult') } },
    errors: [
      [401, 'No seat token'],
      [403, "The token is another seat's, or playerSecret is not the profile's secret"],
      [404, 'No such game, or no such player'],
      [
        409,
        'The seat is already linked to a profile (`rule` seat.claimed), the profile holds another seat of this standard game (`rule` seat.profile-elsewhere), the game is frozen (`rule` game.frozen-rules-changed), or another order was recorded first',
      ],
      PLAYER_ERRORS[3],
      413,
      415,
    ],
    body: jsonBody('ClaimSeat'),
  },
  'get /games/{gameId}/hint': {
    summary: "What the greedy bot would send now for the caller's seat, and why, from what that seat may see only (null when the game does not wait for it)",
    access: 'seat',
    ok: { 200: { description: 'The hint', headers: ETAG, content: json('GameHint') } },
    errors: [401, 403, 404],
  },
  'post /games/{gameId}/fork': {
    summary: "A new game from this one's effective history at revision `at`, with new seat tokens for the seats its caller may take",
    access: 'viewer',
    ok: { 201: { description: 'The new game', content: json('ForkedGame') } },
    errors: [401, 403, 404, 413, 415, [422, 'A rule forbids it: `fork.mid-action`, `fork.seat-count`, `fork.not-playing` (RULES.md)'], 507],
    body: jsonBody('ForkGame'),
  },
  'delete /games/{gameId}/seats/{seat}/name': {
    summary:
      'Erases the name typed at a seat (its own token or the operator\'s): the key it was sealed with is deleted, and the game shows "erased player" there everywhere from now on',
    access: 'viewer',
    ok: { 204: { description: 'Erased (again: nothing more changes)' } },
    errors: [
      401,
      403,
      [404, 'No such game, or no such seat'],
      [
        422,
        "A rule forbids it: `erasure.clear-name` (recorded before names were sealed), `erasure.profile-name` (a profile's: erased with the profile) (RULES.md)",
      ],
    ],
  },
  'get /games/{gameId}/export': {
    summary: 'The game as JSON lines: a header line, then one line per event, whole (operator) or redacted for the caller',
    access: 'viewer',
    ok: {
      200: {
        description: 'JSON lines: an ExportHeader, then an ExportLine per event',
        content: {
          'application/x-ndjson': {
            schema: { type: 'string', description: 'JSON lines: the first an ExportHeader, each other an ExportLine' },
            'x-ndjson': { first: schema('ExportHeader'), rest: schema('ExportLine') },
          } as never,
        },
      },
    },
    errors: [401, 403, 404],
  },
  'post /games/import': {
    summary: "Recreates a game from a whole export, after deciding every action again under today's rules (operators only)",
    access: 'operator',
    ok: { 201: { description: 'The new game and its seat tokens', content: json('ImportedGame') } },
    errors: [401, 403, 413, 415, [422, "The file is not a whole export, or today's rules decide one of its actions differently (`rule`, the line)"], 507],
    body: {
      required: true,
      description: `A whole export (GET /games/{gameId}/export as the operator), up to ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`,
      content: {
        'application/x-ndjson': {
          schema: { type: 'string', description: 'JSON lines: the first an ExportHeader, each other an ExportLine' },
          'x-ndjson': { first: schema('ExportHeader'), rest: schema('ExportLine') },
        } as never,
      },
    },
  },
  'get /scenarios': {
    summary: 'The built-in scenarios a game can be created from',
    access: 'public',
    ok: { 200: { description: 'The scenarios', content: json('ScenarioList') } },
    errors: [],
  },
  'get /games/{gameId}/timeline': {
    summary: "The game's actions by round and turn: who did what, when, its revisions, and whether it was undone (public)",
    access: 'public',
    ok: { 200: { description: 'The timeline (the rounds from..to when asked)', headers: ETAG, content: json('Timeline') }, 304: NOT_MODIFIED },
    errors: [404],
    parameters: [query('from', 'The first round (0 when left out)', WHOLE), query('to', 'The last round', WHOLE), IF_NONE_MATCH],
  },
  'post /games/{gameId}/notes': {
    summary:
      'A note on revision `at` of the game: a seat of the game, the operator, or (once the game is over, with LOGBOOK_PUBLIC_NOTES=on) anyone. Written in public: everyone who may see the game reads it',
    access: 'viewer',
    ok: { 200: { description: 'Added (or the same commandId sent again): the NoteAdded event', content: json('CommandResult') } },
    errors: [401, 403, 404, 409, 413, 415, [422, 'A rule forbids it: `note.no-such-revision`, `note.too-many`, `note.spectator-in-play` (RULES.md)']],
    body: jsonBody('AddNote'),
  },
  'get /games/{gameId}/notes': {
    summary: "The game's notes by the revision they speak of, or only those on revision `at` (public, like the timeline)",
    access: 'public',
    ok: { 200: { description: 'The notes', headers: ETAG, content: json('GameNotes') }, 304: NOT_MODIFIED },
    errors: [404],
    parameters: [query('at', 'Only the notes on this revision', WHOLE), IF_NONE_MATCH],
  },
  'get /analytics/games/{gameId}': {
    summary: "One game's figures: outcome, rounds, clues per act, damage by source, wrecks, encounters, plunder, undo/redo",
    access: 'public',
    ok: { 200: { description: 'The figures of the game (public information only)', content: json('GameAnalytics') } },
    errors: [404],
  },
  'get /analytics/scenarios/{scenario}': {
    summary: `Figures across the games of one scenario. ${ANALYTICS_FILTERS}`,
    access: 'public',
    ok: { 200: { description: 'The cross-game summary', content: json('ScenarioAnalytics') } },
    errors: [],
  },
  'get /analytics/summary': {
    summary: `Figures across games. ${ANALYTICS_FILTERS}`,
    access: 'public',
    ok: { 200: { description: 'The cross-game summary', content: json('AnalyticsSummary') } },
    errors: [],
  },
  'get /analytics/scenarios/{scenario}/charts/{chart}': {
    summary: "A chart of one scenario's games as SVG",
    access: 'public',
    ok: { 200: { description: 'The chart', content: { 'image/svg+xml': { schema: { type: 'string' } } } } },
    errors: [],
  },
  'get /analytics/charts/{chart}': {
    summary: 'A chart across games as SVG (same filters as the summary)',
    access: 'public',
    ok: { 200: { description: 'The chart', content: { 'image/svg+xml': { schema: { type: 'string' } } } } },
    errors: [],
  },
};

const PATH_PARAMETERS: Record<string, ParameterObject> = {
  gameId: GAME_ID,
  seat: { name: 'seat', in: 'path', required: true, description: 'A seat number of the game (from 1)', schema: { type: 'string', pattern: '^[1-9]\\d?$' } },
  scenario: { name: 'scenario', in: 'path', required: true, description: 'A scenario id', schema: { type: 'string', minLength: 1, maxLength: 100 } },
  name: { name: 'name', in: 'path', required: true, description: 'A read model', schema: { type: 'string', enum: ['game-states', 'analytics'] } },
  chart: { name: 'chart', in: 'path', required: true, description: 'A chart file name', schema: { type: 'string', enum: CHART_NAMES.map((n) => `${n}.svg`) } },
};

/** The operations the document has and this table does not describe (a test keeps it empty). */
export function undescribedOperations(document: OpenAPIObject): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => `${method} ${path}`)
      .filter((key) => !OPERATIONS[key]),
  );
}

export function describeOperations(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, Record<string, unknown>>)) {
      const spec = OPERATIONS[`${method} ${path}`];
      if (!spec) continue;
      operation.summary = spec.summary;
      if (spec.body) operation.requestBody = spec.body;
      operation.security = SECURITY[spec.access];
      // Path parameters from the path itself; query and header ones are all optional. The
      // Authorization header is the security schemes' (OpenAPI ignores it as a parameter).
      const generated = ((operation.parameters ?? []) as ParameterObject[]).filter((p) => p.in !== 'path' && p.name.toLowerCase() !== 'authorization');
      const own = spec.parameters ?? [];
      const kept = generated.filter((p) => !own.some((o) => o.in === p.in && o.name.toLowerCase() === p.name.toLowerCase()));
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(
        ([, name = '']) => PATH_PARAMETERS[name] ?? { name, in: 'path' as const, required: true, schema: { type: 'string' } },
      );
      operation.parameters = [...inPath, ...kept.map((p) => ({ ...p, required: false })), ...own];
      const responses: Record<string, ResponseObject> = {};
      for (const [status, response] of Object.entries(spec.ok)) responses[status] = response;
      responses['400'] = problem(ERRORS[400]);
      for (const entry of spec.errors) {
        const [status, text] = Array.isArray(entry) ? entry : [entry, ERRORS[entry]];
        responses[String(status)] = problem(text);
      }
      // Every route that reads the store: a deleted stream (EventStoreDB tombstone) and a store that does not answer.
      if (path.startsWith('/games/{gameId}')) responses['410'] = problem(ERRORS[410]);
      if (path.startsWith('/games') || path.startsWith('/analytics') || path.startsWith('/players')) responses['503'] = problem(ERRORS[503]);
      responses['429'] = problem(
        path.endsWith('/live') ? 'Rate budget spent, or this client holds too many live feeds open' : 'Rate budget spent',
        RETRY_AFTER,
      );
      operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
    }
  }
}
