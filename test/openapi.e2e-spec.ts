/* eslint-disable @typescript-eslint/no-explicit-any -- documents and answers are poked at any depth */
// The contract a client codes against: /openapi.json lists every endpoint and every command type
// with its fields, allowed values, the rule ids it can be refused with, and the problem errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { knownCommandTypes } from '../apps/server/src/games/dto/command-dtos';
import { COMMAND_RULES } from '../apps/server/src/openapi/command-rules';
import { startApp, type TestApp } from './support/app';

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

  it('serves a browsable page at /docs', async () => {
    const res = await app.http().get('/docs').redirects(1).expect(200);
    expect(res.text).toMatch(/swagger/i);
  });
});
