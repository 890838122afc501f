/* eslint-disable @typescript-eslint/no-explicit-any -- documents and answers are poked at any depth */
// The contract a client codes against: /openapi.json lists every endpoint and every command type
// with its fields, allowed values, the rule ids it can be refused with, and the problem errors.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knownCommandTypes } from '../apps/server/src/games/dto/command-dtos';
import { COMMAND_RULES } from '../apps/server/src/openapi/command-rules';
import { RESPONSE_SCHEMAS_FILE, responseSchemasText } from '../apps/server/src/openapi/generate-response-schemas';
import { undescribedOperations } from '../apps/server/src/openapi/operations';
import { startApp, type TestApp } from './support/app';
import { Contract } from './support/contract';
import { createGame } from './support/api';

jest.setTimeout(60_000);

describe('OpenAPI', () => {
  let app: TestApp;
  let doc: any;

  beforeAll(async () => {
    app = await startApp();
    doc = (await app.http().get('/openapi.json').expect(200)).body;
  });

  afterAll(() => app.dispose());

  it('lists every endpoint', () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/games',
        '/games/{gameId}',
        '/games/{gameId}/events',
        '/games/{gameId}/live',
        '/games/{gameId}/commands',
        '/scenarios',
      ]),
    );
  });

  it('publishes every array maximum the edge enforces as maxItems', () => {
    const schemas = doc.components.schemas;
    expect(schemas.CreateGame.properties.players).toMatchObject({ type: 'array', minItems: 1, maxItems: 4 });
    expect(schemas.ForkGame.properties.players).toMatchObject({ type: 'array', maxItems: 4 });
    expect(schemas.NavigateCommand.properties.steps).toMatchObject({ type: 'array', maxItems: 50 });
    expect(doc.paths['/games/{gameId}/fork'].post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ForkGame' });
  });

  it('has every command type, with its fields, allowed values and rule ids', () => {
    const types = knownCommandTypes();
    expect(types.length).toBeGreaterThan(20);
    for (const type of types) {
      const schema = doc.components.schemas[`${type}Command`];
      expect({ type, schema: schema !== undefined }).toEqual({ type, schema: true });
      expect(schema.properties.type.enum).toEqual([type]);
      expect(schema.required).toEqual(expect.arrayContaining(['commandId', 'type']));
      expect(Array.isArray(schema['x-rule-ids'])).toBe(true);
      expect(doc.components.schemas.Command.discriminator.mapping[type]).toBe(`#/components/schemas/${type}Command`);
    }
    expect(doc.components.schemas.TurnShipCommand.properties.direction).toMatchObject({ enum: ['cw', 'ccw'] });
    expect(doc.components.schemas.TurnShipCommand.required).toContain('direction');
    expect(doc.components.schemas.NavigateCommand.properties.steps.items.properties.action).toMatchObject({ enum: ['move', 'turn', 'explore'] });
    expect(doc.components.schemas.EngageShipCommand['x-rule-ids']).toContain('encounter.unknown-ship');
    expect(doc.components.schemas.SetFollowShipCommand['x-rule-ids']).toContain('follow.unchanged');
  });

  it('names only rule ids that RULES.md lists', () => {
    const rulesMd = readFileSync(join(__dirname, '..', 'RULES.md'), 'utf8');
    for (const ids of Object.values(COMMAND_RULES)) for (const id of ids) expect({ id, listed: rulesMd.includes(`\`${id}\``) }).toEqual({ id, listed: true });
  });

  it('describes errors as problem+json, with the rule on a 422', () => {
    const post = doc.paths['/games/{gameId}/commands'].post;
    expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Command' });
    for (const status of ['400', '401', '403', '404', '409', '422', '429']) {
      expect(post.responses[status].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    }
    expect(doc.components.schemas.Problem.properties.rule).toBeDefined();
  });

  it('lists the built-in scenarios at GET /scenarios', async () => {
    const res = await app.http().get('/scenarios').expect(200);
    expect(res.body.scenarios).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'first-voyage', name: expect.any(String), seats: { min: 1, max: expect.any(Number) } }),
        expect.objectContaining({ id: 'twin-sails' }),
      ]),
    );
    // Each listed id creates a game.
    for (const s of res.body.scenarios) {
      await app
        .http()
        .post('/games')
        .send({ scenario: s.id, players: [{ name: 'A' }] })
        .expect(201);
    }
  });

  it('describes every operation: its answers with their schemas, its parameters and who may call it', () => {
    expect(undescribedOperations(doc)).toEqual([]);
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const where = `${method} ${path}`;
        expect({ where, security: Array.isArray(operation.security) }).toEqual({ where, security: true });
        const ok = Object.entries<any>(operation.responses).filter(([status]) => status.startsWith('2'));
        expect({ where, ok: ok.length > 0 && ok.every(([status, r]) => (status === '204' ? r.content === undefined : r.content && Object.values<any>(r.content).every((m) => m.schema))) }).toEqual({
          where,
          ok: true,
        });
        for (const name of path.match(/\{(\w+)\}/g) ?? []) {
          const declared = operation.parameters.some((p: any) => p.in === 'path' && `{${p.name}}` === name && p.required);
          expect({ where, name, declared }).toEqual({ where, name, declared: true });
        }
        // Nothing a client may leave out is required.
        const required = operation.parameters.filter((p: any) => p.in !== 'path' && p.required).map((p: any) => p.name);
        expect({ where, required }).toEqual({ where, required: [] });
        expect(operation.responses['429'].headers['Retry-After'].required).toBe(true);
      }
    }
    const schemas = doc.components.schemas;
    for (const name of [
      'BoardView',
      'GameOptions',
      'Timeline',
      'GameSummary',
      'GamesPage',
      'Problem',
      'CommandResult',
      'ForkedGame',
      'ImportedGame',
      'ExportHeader',
      'ExportLine',
      'LiveEvent',
      'Health',
    ]) {
      expect({ name, defined: schemas[name] !== undefined }).toEqual({ name, defined: true });
    }
    expect(schemas.GameStatus.enum).toEqual(expect.arrayContaining(['active', 'won', 'lost']));
    expect(schemas.ForkGame.required).toEqual(['at']);
    expect(doc.paths['/games/{gameId}'].get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['gameId', 'at', 'round', 'turn']));
    expect(doc.paths['/games/{gameId}'].get.responses['200'].headers.ETag).toBeDefined();
    expect(doc.paths['/games/{gameId}'].get.responses['304']).toBeDefined();
    expect(doc.paths['/games/{gameId}/commands'].post.security).toEqual([{ seat: [] }]);
    expect(doc.paths['/games/import'].post.security).toEqual([{ operator: [] }]);
    expect(Object.keys(doc.paths['/games/import'].post.requestBody.content)).toEqual(['application/x-ndjson']);
    expect(Object.keys(doc.paths['/games/{gameId}/export'].get.responses['200'].content)).toEqual(['application/x-ndjson']);
    expect(Object.keys(doc.paths['/games/{gameId}/live'].get.responses['200'].content)).toEqual(['text/event-stream']);
    expect(doc.paths['/games/{gameId}/live'].get.parameters.map((p: any) => p.name)).toContain('Last-Event-ID');
    expect(doc.paths['/health'].get.responses['503'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Health' });
  });

  it('answers the first page of games without a cursor, as the document has it optional', async () => {
    await app.http().get('/games').expect(200);
    await app.http().get('/games?limit=5').expect(200);
  });

  it('has response schemas that are the current types of the routes (npm run openapi writes them)', () => {
    expect(responseSchemasText()).toBe(readFileSync(RESPONSE_SCHEMAS_FILE, 'utf8'));
  });

  it('has a typed client whose types are generated from the current document (npm run openapi writes them)', async () => {
    // openapi-typescript's command line, as `npm run openapi` runs it, on the document the app serves.
    const dir = mkdtempSync(join(tmpdir(), 'logbook-openapi-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
      execFileSync(
        process.execPath,
        [join(__dirname, '..', 'node_modules', 'openapi-typescript', 'bin', 'cli.js'), join(dir, 'openapi.json'), '-o', join(dir, 'schema.ts')],
        { stdio: 'pipe' },
      );
      const committed = readFileSync(join(__dirname, '..', 'libs', 'api-client', 'src', 'schema.ts'), 'utf8');
      expect(committed).toBe(readFileSync(join(dir, 'schema.ts'), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the check every e2e spec makes of every answer', () => {
    let contract: Contract;
    let gameId: string;
    let body: any;
    beforeAll(async () => {
      contract = new Contract(doc);
      gameId = (await createGame(app)).gameId;
      body = (await app.http().get(`/games/${gameId}`).expect(200)).body;
    });
    const answer = (value: unknown, extra: Partial<Parameters<Contract['check']>[0]> = {}) => ({
      method: 'GET',
      url: `/games/${gameId}`,
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', etag: '"1"' },
      body: JSON.stringify(value),
      complete: true,
      ...extra,
    });

    it('passes the board view as the server sent it', () => {
      expect(contract.check(answer(body))).toEqual([]);
    });

    it('fails a field renamed, added or left out', () => {
      const { round, ...rest } = body;
      expect(contract.check(answer({ ...rest, roundNumber: round }))).toEqual(
        expect.arrayContaining([expect.stringContaining("required property 'round'"), expect.stringContaining('roundNumber')]),
      );
      expect(contract.check(answer({ ...body, extra: 1 }))).toEqual([expect.stringContaining('additional properties')]);
      expect(contract.check(answer({ ...body, status: 'paused' }))).not.toEqual([]);
    });

    it('fails an undocumented status, a missing header, an undocumented media type', () => {
      expect(contract.check(answer(body, { status: 202 }))).toEqual([expect.stringContaining('status 202 is not documented')]);
      expect(contract.check(answer(body, { headers: { 'content-type': 'application/json' } }))).toEqual([expect.stringContaining('ETag header is missing')]);
      expect(contract.check(answer(body, { headers: { 'content-type': 'text/plain', etag: '"1"' } }))).toEqual([
        expect.stringContaining('content type "text/plain"'),
      ]);
      expect(contract.check(answer({}, { status: 429, headers: { 'content-type': 'application/problem+json' } }))).toEqual(
        expect.arrayContaining([expect.stringContaining('Retry-After header is missing')]),
      );
    });

    it("checks each event by its own type: its data's fields, and a secret only where the type has one", async () => {
      const events = (await app.http().get(`/games/${gameId}/events`).expect(200)).body;
      const of = (value: unknown) => answer(value, { url: `/games/${gameId}/events`, headers: { 'content-type': 'application/json' } });
      expect(contract.check(of(events))).toEqual([]);
      const turn = events.events.find((e: any) => e.type === 'TurnStarted');
      expect(turn).toBeDefined();
      expect(contract.check(of({ ...events, events: [{ ...turn, data: { ...turn.data, round: 'one' } }] }))).not.toEqual([]);
      expect(contract.check(of({ ...events, events: [{ ...turn, secret: { stack: [] } }] }))).not.toEqual([]);
    });

    it('checks JSON lines line by line and server-sent events message by message', () => {
      const ndjson = { url: `/games/${gameId}/export`, headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } };
      expect(contract.check(answer(null, { ...ndjson, body: `${JSON.stringify({ revision: 0 })}\n` }))).toEqual(
        expect.arrayContaining([expect.stringContaining("line 1: / must have required property 'gameId'")]),
      );
      const sse = { url: `/games/${gameId}/live`, headers: { 'content-type': 'text/event-stream' } };
      expect(contract.check(answer(null, { ...sse, body: `retry: 2000\n\nid: 0\nevent: GameCreated\ndata: {"revision":0}\n\n` }))).toEqual(
        expect.arrayContaining([expect.stringContaining("message 2 (GameCreated): / must have required property 'type'")]),
      );
    });
  });

  it('serves a browsable page at /docs', async () => {
    const res = await app.http().get('/docs').redirects(1).expect(200);
    expect(res.text).toMatch(/swagger/i);
  });
});
