// A whole game played through @logbook/api-client alone, as a third party would write it: types
// generated from /openapi.json, calls by openapi-fetch, no casts (the typecheck compiles this file
// under --strict). Every answer is also checked against the document (support/contract.ts).
import type { AddressInfo } from 'node:net';
import { createLogbookClient, ndjson, parseExport, type CommandFields, type LiveEvent, type LogbookClient, type LogCommand } from '@logbook/api-client';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

const OPERATOR = 'operator-token-for-the-api-client-spec';
let sequence = 0;
const commandId = () => `client-${process.pid}-${++sequence}`;

/** The data of an answer that must have succeeded, or a failure naming its problem. */
function ok<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new Error(`${answer.response.status}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/** The first option of a type the seat may send now. */
function option<K extends LogCommand['type']>(options: Array<{ command: LogCommand }>, type: K): Extract<LogCommand, { type: K }> {
  const isOfType = (command: LogCommand): command is Extract<LogCommand, { type: K }> => command.type === type;
  for (const o of options) if (isOfType(o.command)) return o.command;
  throw new Error(`${type} is not an option now: ${options.map((o) => o.command.type).join(', ')}`);
}

describe('a typed client from the OpenAPI document', () => {
  let app: TestApp;
  let baseUrl: string;
  let spectator: LogbookClient;
  let operator: LogbookClient;

  useOperatorToken(OPERATOR);
  beforeAll(async () => {
    app = await startApp();
    await app.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
    spectator = createLogbookClient({ baseUrl });
    operator = createLogbookClient({ baseUrl, token: OPERATOR });
  });

  afterAll(async () => {
    await app.dispose();
  });

  it('plays a game: create, view, options, commands, undo and redo, timeline, seek, export, fork, import, live feed, list, analytics', async () => {
    const { data: scenarios } = await spectator.GET('/scenarios');
    expect(scenarios?.scenarios.map((s) => s.id)).toContain('first-voyage');

    const created = ok(await spectator.POST('/games', { body: { scenario: 'first-voyage', players: [{ name: 'Ann' }] } }));
    const gameId = created.gameId;
    const seat = created.seats[0];
    if (!seat) throw new Error('a game of one player has one seat');
    const ann = createLogbookClient({ baseUrl, token: seat.token });
    const path = { gameId };

    const board = ok(await ann.GET('/games/{gameId}', { params: { path } }));
    expect(board.status).toBe('active');
    expect(board.activeSeat).toBe(1);

    const send = async (command: CommandFields) =>
      ok(await ann.POST('/games/{gameId}/commands', { params: { path }, body: { commandId: commandId(), ...command } }));

    let options = ok(await ann.GET('/games/{gameId}/options', { params: { path } })).options;
    await send(option(options, 'StartNavigation'));
    options = ok(await ann.GET('/games/{gameId}/options', { params: { path } })).options;
    const turned = await send(option(options, 'TurnShip'));
    expect(turned.events.map((e) => e.type)).toContain('ShipTurned');

    const undone = await send({ type: 'Undo' });
    expect(undone.events.map((e) => e.type)).toEqual(['ActionUndone']);
    const redone = await send({ type: 'Redo' });
    expect(redone.events.map((e) => e.type)).toEqual(['ActionRedone']);

    // A refusal is a problem with its rule id.
    const refused = await ann.POST('/games/{gameId}/commands', { params: { path }, body: { commandId: commandId(), type: 'Redo' } });
    expect(refused.response.status).toBe(422);
    expect(refused.error?.rule).toBe('redo.nothing-to-redo');

    await send({ type: 'EndNavigation' });
    const ended = await send({ type: 'EndTurn' });

    const timeline = ok(await spectator.GET('/games/{gameId}/timeline', { params: { path } }));
    expect(timeline.revision).toBe(ended.revision);
    const firstTurn = timeline.rounds[0]?.turns[0];
    expect(firstTurn?.actions.length).toBeGreaterThan(0);

    const past = ok(await spectator.GET('/games/{gameId}', { params: { path, query: { at: '0' } } }));
    expect(past.revision).toBe(0);
    const byTurn = ok(await spectator.GET('/games/{gameId}', { params: { path, query: { round: '1', turn: '1' } } }));
    expect(byTurn.round).toBe(1);

    const events = ok(await spectator.GET('/games/{gameId}/events', { params: { path, query: { from: '0', limit: '5' } } }));
    expect(events.events[0]?.type).toBe('GameCreated');

    const exported = ok(await operator.GET('/games/{gameId}/export', { params: { path }, parseAs: 'text' }));
    const { header, lines } = parseExport(exported);
    expect(header).toMatchObject({ gameId, complete: true, revision: ended.revision });
    expect(lines).toHaveLength(ended.revision + 1);

    const fork = ok(await ann.POST('/games/{gameId}/fork', { params: { path }, body: { at: ended.revision } }));
    expect(fork.forkedFrom).toEqual({ gameId, revision: ended.revision });

    const imported = ok(await operator.POST('/games/import', { body: exported, ...ndjson }));
    expect(imported.importedFrom).toBe(gameId);

    // The live feed: the history as server-sent events, read until the last event so far.
    const live = await ann.GET('/games/{gameId}/live', { params: { path }, parseAs: 'stream' });
    const stream = ok(live);
    if (!stream) throw new Error('a live feed has a body');
    const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
    const feed: LiveEvent[] = [];
    let text = '';
    while (feed.at(-1)?.revision !== ended.revision) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      const blocks = text.split('\n\n');
      text = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) feed.push(JSON.parse(data.slice('data: '.length)));
      }
    }
    await reader.cancel();
    expect(feed.map((e) => e.revision)).toEqual(feed.map((_, i) => i));

    // The games list, a page at a time.
    const first = ok(await spectator.GET('/games', { params: { query: { limit: '2' } } }));
    expect(first.games).toHaveLength(2);
    if (!first.nextCursor) throw new Error('three games make two pages of two');
    const second = ok(await spectator.GET('/games', { params: { query: { limit: '2', cursor: first.nextCursor } } }));
    expect([...first.games, ...second.games].map((g) => g.gameId).sort()).toEqual([gameId, fork.gameId, imported.gameId].sort());

    const figures = ok(await spectator.GET('/analytics/games/{gameId}', { params: { path } }));
    expect(figures.gameId).toBe(gameId);
    const summary = ok(await spectator.GET('/analytics/summary', { params: { query: { scenario: 'first-voyage' } } }));
    expect(summary.games).toBeGreaterThan(0);
  });
});
