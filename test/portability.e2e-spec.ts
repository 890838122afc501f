// Recording, forks, export and import over HTTP, with the hidden-information checks that go with
// them: a seat's export of a running game holds no stack order, plunder identity, other hand or
// draw; a fork in standard mode does not reproduce its source's next tile.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { builtInScenario } from '@logbook/content';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameStreamId, toNewEvents } from '@logbook/game-log';
import { decide, initialState, seededRng } from '@logbook/rules';
import { createGameCommand } from '@logbook/rules/testing/fixtures';
import { asText, createGame, play, send, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { readSse } from './support/sse';
import { useOperatorToken } from './support/env';

const OPERATOR = 'operator-token-for-the-e2e-tests';
const asOperator = { Authorization: `Bearer ${OPERATOR}` };
const bearer = (seat: Seat) => ({ Authorization: `Bearer ${seat.token}` });

// Lines are read as loose JSON: the tests look into whatever each event type holds.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Line {
  revision: number;
  type: string;
  data: Json;
  secret?: { visibleTo: number[]; sealed?: boolean; data: Json };
  commandId?: string;
  recordedAt?: string;
  seat?: number | null;
  command?: Json;
  draws?: number[];
  commandSecret?: Json;
  commandFingerprint?: string;
  withheld?: string[];
}

/** Revisions that end an action (where a fork may start). */
const actionEnds = (lines: Line[]) => lines.filter((l, i) => lines[i + 1]?.commandId !== l.commandId).map((l) => l.revision);

const parse = (text: string) => {
  const [header, ...lines] = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  return { header, lines: lines as Line[] };
};

describe('portability: recording, forks, export and import', () => {
  let app: TestApp;
  let store: EventStore;

  useOperatorToken(OPERATOR);
  beforeEach(async () => {
    app = await startApp();
    store = app.app.get(EVENT_STORE);
  });
  afterEach(() => app.dispose());

  const exportOf = async (gameId: string, headers: Record<string, string> = {}) => {
    const res = await app.http().get(`/games/${gameId}/export`).set(headers).buffer(true).parse(asText);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    return { text: res.body as string, ...parse(res.body as string) };
  };
  const importText = (text: string, headers: Record<string, string> = asOperator) =>
    app
      .http()
      .post('/games/import')
      .set({ 'Content-Type': 'application/x-ndjson', ...headers })
      .send(text);

  /** A game with two seats, a few orders played, still running. */
  async function runningGame() {
    const game = await createGame(app, 'twin-sails', 2);
    const [one, two] = game.seats;
    // The setup's plunder may have rolled a 6: the active seat chooses the type.
    while ((await view(app, game.gameId)).pending?.kind === 'plunder-choice') {
      await play(app, game.gameId, one, { type: 'ChoosePlunderType', cardType: 'weapon' });
    }
    await play(app, game.gameId, one, { type: 'StartNavigation' });
    const { revision: afterMove } = await play(app, game.gameId, one, { type: 'MoveShip' });
    await play(app, game.gameId, one, { type: 'EndNavigation' });
    await play(app, game.gameId, one, { type: 'EndTurn' });
    await play(app, game.gameId, two, { type: 'EndTurn' });
    return { ...game, one, two, afterMove };
  }

  /** Ends the turn until the clock runs out: a lost game. */
  async function lostGame() {
    const game = await createGame(app, 'first-voyage', 1);
    const [one] = game.seats;
    for (let board = await view(app, game.gameId, one), i = 0; i < 80 && board.status === 'active'; i++, board = await view(app, game.gameId, one)) {
      // Whatever the dice ask on the way (a plunder choice) is answered, then the turn ends.
      await play(app, game.gameId, one, board.pending?.kind === 'plunder-choice' ? { type: 'ChoosePlunderType', cardType: 'weapon' } : { type: 'EndTurn' });
    }
    expect((await view(app, game.gameId)).status).toBe('lost');
    return { ...game, one };
  }

  describe('recording', () => {
    it('puts the command, seat, time and draws on the first event of an action, and only the commandId on the others', async () => {
      const game = await runningGame();
      const read = await store.readStream(gameStreamId(game.gameId));
      if (read.status !== 'ok') throw new Error('no stream');
      const [created, ...restOfCreate] = read.events.filter((e) => e.metadata.commandId === `create-${game.gameId}`);
      expect(created.metadata).toMatchObject({
        seat: null,
        command: { type: 'CreateGame', gameId: game.gameId, scenario: 'twin-sails' },
        draws: expect.any(Array),
        recordedAt: expect.any(String),
      });
      // The command body holds no secret: the scenario document (stack order, box) is kept apart.
      expect(JSON.stringify(created.metadata.command)).not.toMatch(/"stack"|"box"/);
      expect(created.metadata.commandSecret).toMatchObject({ scenario: { id: 'twin-sails', stack: expect.any(Array) } });
      expect(restOfCreate.length).toBeGreaterThan(0);
      for (const later of restOfCreate) expect(Object.keys(later.metadata).sort()).toEqual(['commandId', 'schemaVersion']);
      const moved = read.events.find((e) => e.type === 'ShipMoved')!;
      expect(moved.metadata).toMatchObject({ seat: 1, command: { type: 'MoveShip' }, commandFingerprint: expect.any(String) });
      expect(moved.metadata.command).not.toHaveProperty('commandId');
    });

    it('never shows the draws in answers, events or the board', async () => {
      const game = await runningGame();
      const answer = await send(app, game.gameId, game.one, { type: 'StartNavigation' }).expect(200);
      const events = await app.http().get(`/games/${game.gameId}/events`).set(bearer(game.one)).expect(200);
      const board = await app.http().get(`/games/${game.gameId}`).set(bearer(game.one)).expect(200);
      for (const body of [answer.body, events.body, board.body]) expect(JSON.stringify(body)).not.toMatch(/draws|commandFingerprint/);
    });

    it('still answers a resent commandId from the first event of its action', async () => {
      const game = await runningGame();
      const body = { commandId: 'resent-1', type: 'StartNavigation' };
      const first = await app.http().post(`/games/${game.gameId}/commands`).set(bearer(game.one)).send(body).expect(200);
      const again = await app.http().post(`/games/${game.gameId}/commands`).set(bearer(game.one)).send(body).expect(200);
      expect(again.body).toEqual(first.body);
      await app
        .http()
        .post(`/games/${game.gameId}/commands`)
        .set(bearer(game.one))
        .send({ ...body, type: 'EndTurn' })
        .expect(409);
    });
  });

  it('still reads a game recorded in the older shape (full metadata on every event, no command or draws)', async () => {
    const gameId = 'old-shaped-game';
    const token = 'an-old-seat-token-of-32-characters';
    const created = decide(initialState(), createGameCommand(builtInScenario('first-voyage')!, { gameId, players: 1 }), { seat: null, rng: seededRng(3) });
    const old = {
      commandId: `create-${gameId}`,
      correlationId: `create-${gameId}`,
      causationId: `create-${gameId}`,
      seat: null,
      recordedAt: new Date().toISOString(),
      commandFingerprint: 'old',
    };
    await store.append(
      gameStreamId(gameId),
      toNewEvents(gameId, old.commandId, created, old, { seatTokens: [{ seat: 1, sha256: createHash('sha256').update(token).digest('hex') }] }),
      'no_stream',
    );
    const seat = { seat: 1, name: 'Old', token };
    expect((await view(app, gameId, seat)).status).toBe('active');
    const body = { commandId: 'new-1', type: 'EndTurn' };
    const first = await app.http().post(`/games/${gameId}/commands`).set(bearer(seat)).send(body).expect(200);
    expect((await app.http().post(`/games/${gameId}/commands`).set(bearer(seat)).send(body).expect(200)).body).toEqual(first.body);
    const whole = await exportOf(gameId, asOperator);
    expect(whole.lines[1]).toMatchObject({ commandId: old.commandId, seat: null, commandFingerprint: 'old' });
    const refused = await importText(whole.text).expect(422);
    expect(refused.body).toMatchObject({ rule: 'import.differs', line: 2 });
    expect(refused.body.detail).toMatch(/no command was recorded/);
  });

  describe('export', () => {
    it('for a seat of a running game is redacted and says so: no stack order, plunder identity, other hand or draw', async () => {
      const game = await runningGame();
      const { header, lines, text } = await exportOf(game.gameId, bearer(game.one));
      expect(header).toMatchObject({ format: 'logbook-game-export', version: 1, gameId: game.gameId, complete: false, redactedFor: { seat: 1 } });
      expect(lines.map((l) => l.revision)).toEqual(lines.map((_, i) => i));
      expect(text).not.toMatch(/"draws":|"stack":|"box":|"decks":/);
      const created = lines[0];
      expect(created).toMatchObject({
        type: 'GameCreated',
        withheld: ['secret', 'draws', 'commandSecret'],
        command: { type: 'CreateGame', scenario: 'twin-sails' },
      });
      expect(created.commandSecret).toBeUndefined();
      for (const line of lines) {
        if (line.type === 'PlunderStashed') expect(line.secret).toBeUndefined();
        if (line.secret) expect(line.secret.visibleTo).toContain(1);
      }
      const drawnByTwo = lines.filter((l) => l.type === 'CardsDrawn' && l.data.characterId === lines[0].data.seats[1].characterId);
      expect(drawnByTwo.length).toBeGreaterThan(0);
      for (const line of drawnByTwo) expect(line).toMatchObject({ withheld: ['secret'] });
      // Nor does a spectator's.
      const spectator = await exportOf(game.gameId);
      expect(spectator.header).toMatchObject({ complete: false, redactedFor: { seat: null } });
      expect(spectator.lines.some((l) => l.secret)).toBe(false);
    });

    it('redacted, and the events and live feed, hold no command fingerprint: one of a new game from a designed stack would give its order away', async () => {
      // An inline scenario drawn as listed: its stack order is the scenario's own, and hidden.
      const doc = { ...builtInScenario('twin-sails')!, id: 'designed-sails', name: 'Designed Sails', stackOrder: 'as-listed' };
      const game = await createGame(app, doc, 2);
      const [one] = game.seats;
      await app.app.listen(0, '127.0.0.1');
      const base = `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
      const feed = await readSse(`${base}/games/${game.gameId}/live?from=0`, {}, (m) => m.length >= game.revision + 1);
      const outputs = [
        (await exportOf(game.gameId)).text,
        (await exportOf(game.gameId, bearer(one))).text,
        JSON.stringify((await app.http().get(`/games/${game.gameId}/events`).expect(200)).body),
        JSON.stringify((await app.http().get(`/games/${game.gameId}/events`).set(bearer(one)).expect(200)).body),
        JSON.stringify(feed.messages),
      ];
      expect(feed.messages.length).toBe(game.revision + 1);
      for (const text of outputs) {
        expect(text).not.toMatch(/fingerprint/i);
        // No unplaced tile is named at all, so no order of them can be read.
        for (const tileId of doc.stack) expect(text).not.toContain(`"${tileId}"`);
      }
      // The server still has it: a whole export carries it, and imports.
      const whole = await exportOf(game.gameId, asOperator);
      expect(whole.lines[0].commandFingerprint).toEqual(expect.any(String));
      await importText(whole.text).expect(201);
    });

    it('for an operator is whole: every secret, draw and command', async () => {
      const game = await runningGame();
      const { header, lines } = await exportOf(game.gameId, asOperator);
      expect(header).toMatchObject({ complete: true });
      expect(header.redactedFor).toBeUndefined();
      expect(lines[0]).toMatchObject({
        secret: { data: { stack: expect.any(Array) } },
        draws: expect.any(Array),
        command: { type: 'CreateGame' },
        commandSecret: { scenario: { stack: expect.any(Array) } },
      });
      expect(lines.some((l) => l.withheld)).toBe(false);
    });

    it('of a finished game is whole for anyone', async () => {
      const game = await lostGame();
      const { header, lines } = await exportOf(game.gameId);
      expect(header).toMatchObject({ status: 'lost', complete: true });
      expect(lines[0].draws).toEqual(expect.any(Array));
    });

    it('answers 404 for an unknown game and 403 for a wrong token', async () => {
      await app.http().get('/games/no-such-game/export').expect(404);
      const game = await runningGame();
      await app.http().get(`/games/${game.gameId}/export`).set({ Authorization: 'Bearer not-a-seat-of-this-game-at-all' }).expect(403);
    });
  });

  describe('import', () => {
    it('recreates a game from a whole export: the same board and events, with new seat tokens', async () => {
      const game = await runningGame();
      const original = await exportOf(game.gameId, asOperator);
      const res = await importText(original.text).expect(201);
      expect(res.body).toMatchObject({ gameId: expect.any(String), importedFrom: game.gameId, revision: original.header.revision });
      const copy = res.body as { gameId: string; seats: Seat[] };
      expect(copy.gameId).not.toBe(game.gameId);
      expect(copy.seats.map((s) => s.token)).not.toContain(game.one.token);
      const strip = (board: Json) => ({ ...board, gameId: undefined });
      expect(strip(await view(app, copy.gameId, copy.seats[0]))).toEqual(strip(await view(app, game.gameId, game.one)));
      const again = await exportOf(copy.gameId, asOperator);
      const comparable = (l: Line) => ({
        ...l,
        data: l.type === 'GameCreated' ? { ...l.data, gameId: 'x' } : l.data,
        command: l.command?.type === 'CreateGame' ? { ...l.command, gameId: 'x' } : l.command,
      });
      expect(again.lines.map(comparable)).toEqual(original.lines.map(comparable));
      // The copy plays on.
      await play(app, copy.gameId, copy.seats[0], { type: 'StartNavigation' });
    });

    it("refuses a file that today's rules decide differently, naming the first line that differs, and writes nothing", async () => {
      const game = await runningGame();
      const { header, lines } = await exportOf(game.gameId, asOperator);
      const moved = lines.findIndex((l) => l.type === 'ShipMoved');
      const tampered = lines.map((l, i) => (i === moved ? { ...l, data: { ...l.data, to: { q: 9, r: 9 } } } : l));
      const before = await store.readAll({ filter: { eventTypes: ['GameCreated'] } });
      const res = await importText([header, ...tampered].map((l) => JSON.stringify(l)).join('\n')).expect(422);
      expect(res.body).toMatchObject({ type: '/problems/import-refused', rule: 'import.differs', line: moved + 2, actionId: lines[moved].commandId });
      expect(res.body.detail).toMatch(/ShipMoved differs/);
      expect(await store.readAll({ filter: { eventTypes: ['GameCreated'] } })).toHaveLength(before.length);
    });

    it('refuses a file whose players have names a new game would not take (400), and writes nothing', async () => {
      const game = await runningGame();
      const whole = await exportOf(game.gameId, asOperator);
      // Every mention of the name, so that the file still decides the same under today's rules.
      const renamed = whole.text.split('"Player 1"').join('"\\u3164\\u200b"');
      expect(renamed).not.toBe(whole.text);
      const before = await store.readAll({ filter: { eventTypes: ['GameCreated'] } });
      const res = await importText(renamed).expect(400);
      expect(res.body.detail).toMatch(/seat 1's name must have a visible character/);
      expect(await store.readAll({ filter: { eventTypes: ['GameCreated'] } })).toHaveLength(before.length);
    });

    it('lists an imported game with a created time when its file says no time (the time of the import)', async () => {
      const game = await runningGame();
      const whole = await exportOf(game.gameId, asOperator);
      const timeless = whole.text
        .split('\n')
        .map((line, i) => {
          if (i === 0 || line === '') return line;
          const { recordedAt: _dropped, ...rest } = JSON.parse(line) as Line;
          return JSON.stringify(rest);
        })
        .join('\n');
      expect(timeless).not.toMatch(/recordedAt/);
      const before = Date.now();
      const copy = (await importText(timeless).expect(201)).body as { gameId: string };
      const listed = (await app.http().get('/games').expect(200)).body.games as Array<{ gameId: string; createdAt: string | null }>;
      const createdAt = listed.find((g) => g.gameId === copy.gameId)?.createdAt;
      expect(createdAt).toEqual(expect.any(String));
      expect(Date.parse(createdAt as string)).toBeGreaterThanOrEqual(before - 1000);
    });

    it('refuses a file whose recordedAt is not a UTC time (400), and writes nothing', async () => {
      const game = await runningGame();
      const whole = await exportOf(game.gameId, asOperator);
      const lines = whole.text.split('\n');
      lines[1] = JSON.stringify({ ...(JSON.parse(lines[1]) as Line), recordedAt: 'yesterday' });
      const before = await store.readAll({ filter: { eventTypes: ['GameCreated'] } });
      const res = await importText(lines.join('\n')).expect(400);
      expect(res.body.detail).toMatch(/line 2.*recordedAt must be a UTC time/);
      expect(await store.readAll({ filter: { eventTypes: ['GameCreated'] } })).toHaveLength(before.length);
    });

    it('refuses a redacted export (422), a file that is not an export (400), and anyone but an operator (401/403)', async () => {
      const game = await runningGame();
      const redacted = await exportOf(game.gameId, bearer(game.one));
      expect((await importText(redacted.text).expect(422)).body).toMatchObject({ rule: 'import.redacted-export', line: 1 });
      await importText('{"not":"an export"}\n').expect(400);
      await importText('this is not json').expect(400);
      const whole = await exportOf(game.gameId, asOperator);
      await importText(whole.text, {}).expect(401);
      await importText(whole.text, bearer(game.one)).expect(403);
    });
  });

  it('carry undo and redo: a fork starts from the effective board, an export of a game with undos imports to the same board', async () => {
    const game = await createGame(app, 'first-voyage', 1, 'sandbox');
    const [one] = game.seats;
    await play(app, game.gameId, one, { type: 'StartNavigation' });
    await play(app, game.gameId, one, { type: 'MoveShip' });
    await play(app, game.gameId, one, { type: 'TurnShip', direction: 'cw' });
    await play(app, game.gameId, one, { type: 'Undo' });
    await play(app, game.gameId, one, { type: 'Undo' });
    const { revision } = await play(app, game.gameId, one, { type: 'Redo' });
    const board = await view(app, game.gameId, one);
    const fork = await app.http().post(`/games/${game.gameId}/fork`).set(bearer(one)).send({ at: revision }).expect(201);
    const { gameId: _a, revision: _b, seats: _c, undo: _d, redo: _e, ...forkBoard } = await view(app, fork.body.gameId, fork.body.seats[0]);
    const { gameId: _f, revision: _g, seats: _h, undo: _i, redo: _j, ...sourceBoard } = board;
    expect(forkBoard).toEqual(sourceBoard);
    const whole = await exportOf(game.gameId, asOperator);
    expect(whole.lines.filter((l) => l.type === 'ActionUndone')).toHaveLength(2);
    const copy = await importText(whole.text).expect(201);
    expect(await view(app, copy.body.gameId, copy.body.seats[0])).toEqual({ ...board, gameId: copy.body.gameId });
  });

  describe('forks', () => {
    it('start from the source board at a revision (hands dealt again), with a new token for the seat that forked, and play on independently', async () => {
      const game = await runningGame();
      const at = (await view(app, game.gameId)).revision - 2;
      // Revisions inside an action are refused; find the last revision of an action at or before `at`.
      const { lines } = await exportOf(game.gameId, asOperator);
      const end = actionEnds(lines)
        .filter((r) => r <= at)
        .at(-1)!;
      const res = await app
        .http()
        .post(`/games/${game.gameId}/fork`)
        .set(bearer(game.one))
        .send({ at: end, players: [{ name: 'Ada' }, { name: 'Bo' }] })
        .expect(201);
      expect(res.body).toMatchObject({ forkedFrom: { gameId: game.gameId, revision: end }, reshuffled: true, revision: 0 });
      const fork = res.body as { gameId: string; seats: Seat[] };
      expect(fork.seats.map((s) => s.name)).toEqual(['Ada', 'Bo']);
      const then = (await app.http().get(`/games/${game.gameId}?at=${end}`).set(bearer(game.one)).expect(200)).body;
      const start = await view(app, fork.gameId, fork.seats[0]);
      // Hands are dealt again with the rest of what is hidden: the same board but for the cards in them.
      const handless = ({ gameId: _a, revision: _b, seats: _c, cards: _d, ...board }: Json) => ({
        ...board,
        characters: board.characters.map(({ hand: _e, ...character }: Json) => character),
      });
      expect(handless(start)).toEqual(handless(then));
      expect(start.characters.map((c: Json) => c.hand?.length)).toEqual(then.characters.map((c: Json) => c.hand?.length));
      // Its first event names where it came from, and hides the board it holds from everyone.
      const events = await app.http().get(`/games/${fork.gameId}/events`).set(bearer(fork.seats[0])).expect(200);
      // Events say who and when (/events carries each action's commandId, seat and recordedAt).
      expect(events.body.events).toEqual([
        {
          revision: 0,
          type: 'GameForked',
          data: expect.objectContaining({ source: { gameId: game.gameId, revision: end }, reshuffled: true }),
          commandId: expect.stringMatching(/^fork-/),
          seat: null,
          recordedAt: expect.any(String),
        },
      ]);
      expect(events.body.events[0]).not.toHaveProperty('secret');
      expect(JSON.stringify(events.body)).not.toMatch(/"draws"|"command"/);
      // Seat 1's source token is no seat of the fork (its maker was given a new one); the fork plays on, the source does not move.
      await send(app, fork.gameId, game.one, { type: 'EndTurn' }).expect(403);
      const sourceRevision = (await view(app, game.gameId)).revision;
      // Seat 2 is still its source player's, taken with the source token.
      await play(app, fork.gameId, start.activeSeat === 2 ? game.two : fork.seats[0], { type: 'EndTurn' });
      expect((await view(app, game.gameId)).revision).toBe(sourceRevision);
    });

    it("[fork.deal-again] in standard mode do not reproduce the source's next tile; in sandbox mode keep everything for an operator (or its only seat)", async () => {
      const standard = await runningGame();
      const stackOf = async (gameId: string) => {
        const { lines } = await exportOf(gameId, asOperator);
        if (lines[0].type === 'GameForked') return lines[0].secret!.data.state.stack as string[];
        // The setup shuffles each act's tiles last (TileStackShuffled); a scenario may keep its order.
        const shuffled = lines.find((l) => l.type === 'TileStackShuffled');
        return (shuffled ?? lines[0]).secret!.data.stack as string[];
      };
      const original = await stackOf(standard.gameId);
      const forkStacks: string[][] = [];
      for (let i = 0; i < 6; i++) {
        const res = await app.http().post(`/games/${standard.gameId}/fork`).set(bearer(standard.two)).send({ at: standard.afterMove }).expect(201);
        forkStacks.push(await stackOf(res.body.gameId));
      }
      for (const stack of forkStacks) expect([...stack].sort()).toEqual([...original].sort());
      expect(forkStacks.some((stack) => stack[0] !== original[0])).toBe(true);

      const sandbox = await createGame(app, 'twin-sails', 2, 'sandbox');
      const created = await exportOf(sandbox.gameId, asOperator);
      const res = await app.http().post(`/games/${sandbox.gameId}/fork`).set(asOperator).send({ at: created.header.revision }).expect(201);
      expect(res.body.reshuffled).toBe(false);
      expect(await stackOf(res.body.gameId)).toEqual(await stackOf(sandbox.gameId));
      // A seat's copy would show the other seats' hands once it ended: it is dealt again.
      const bySeat = await app.http().post(`/games/${sandbox.gameId}/fork`).set(bearer(sandbox.seats[0])).send({ at: created.header.revision }).expect(201);
      expect(bySeat.body.reshuffled).toBe(true);
    });

    it("[fork.seats] made by a seat give its maker that seat only: the others stay their source players', and no view ever shows a source hand", async () => {
      // The app's random source is seeded (test/support/app.ts): the same deal on every run.
      const game = await runningGame();
      const sourceHand = async (seat: Seat) => {
        const board = await view(app, game.gameId, seat);
        return [...board.characters.find((c: Json) => c.seat === seat.seat).hand].sort();
      };
      const handOfTwo = await sourceHand(game.two);
      expect(handOfTwo.length).toBeGreaterThan(0);
      const at = (await view(app, game.gameId)).revision;
      const res = await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at }).expect(201);
      expect(res.body.seats).toEqual([
        { seat: 1, name: 'Player 1', token: expect.any(String) },
        { seat: 2, name: 'Player 2', token: null, claim: 'source-seat-token' },
      ]);
      const forkId = res.body.gameId as string;
      const one: Seat = res.body.seats[0];
      expect(one.token).not.toBe(game.one.token);
      // Seat 2 is taken with its source token; seat 1's tokens (the fork's and the source's) are not seat 2.
      const two: Seat = { ...game.two };
      const handIn = (board: Json, seat: number) => board.characters.find((c: Json) => c.seat === seat).hand as string[] | undefined;
      expect(handIn(await view(app, forkId, two), 2)).toHaveLength(handOfTwo.length);
      expect(handIn(await view(app, forkId, one), 2)).toBeUndefined();
      expect(handIn(await view(app, forkId), 2)).toBeUndefined();
      await send(app, forkId, game.one, { type: 'EndTurn' }).expect(403);
      const start = await view(app, forkId, one);
      expect(start.activeSeat).toBe(1);
      await play(app, forkId, one, { type: 'EndTurn' });
      const refused = await send(app, forkId, one, { type: 'EndTurn' }).expect(422);
      expect(refused.body.rule).toBe('turn.not-your-turn');
      // Both play on until the clock runs out: the fork ends and shows everything it may show.
      for (let board = await view(app, forkId), i = 0; i < 200 && board.status === 'active'; i++, board = await view(app, forkId)) {
        // A plunder choice is the active seat's, as is the turn.
        const player = board.activeSeat === 1 ? one : two;
        await play(app, forkId, player, board.pending?.kind === 'plunder-choice' ? { type: 'ChoosePlunderType', cardType: 'weapon' } : { type: 'EndTurn' });
      }
      const last = await view(app, forkId);
      expect(last.status).toBe('lost');
      // A finished fork still hides its sealed starting board: a fork of it by anyone deals that
      // again and leaves every seat to its players.
      const again = await app.http().post(`/games/${forkId}/fork`).send({ at: 0 }).expect(201);
      expect(again.body).toMatchObject({ reshuffled: true, seats: [1, 2].map((seat) => ({ seat, token: null, claim: 'source-seat-token' })) });
      expect(handIn(await view(app, again.body.gameId, two), 2)).toHaveLength(handOfTwo.length);
      const sourceSet = handOfTwo.join();
      for (let revision = 0; revision <= last.revision; revision++) {
        for (const viewer of [undefined, one, two]) {
          const req = app.http().get(`/games/${forkId}?at=${revision}`);
          if (viewer) req.set(bearer(viewer));
          const board = (await req.expect(200)).body;
          const hand = handIn(board, 2);
          expect(hand).toBeDefined();
          expect({ revision, hand: [...(hand ?? [])].sort().join() }).not.toEqual({ revision, hand: sourceSet });
        }
      }
    });

    it('need a seat of a running game (401 without, 403 with another token), but anyone may fork a finished one', async () => {
      const game = await runningGame();
      const at = game.afterMove;
      await app.http().post(`/games/${game.gameId}/fork`).send({ at }).expect(401);
      await app.http().post(`/games/${game.gameId}/fork`).set({ Authorization: 'Bearer not-a-seat-of-this-game-at-all' }).send({ at }).expect(403);
      // An operator's fork hands out every seat, with new tokens.
      const byOperator = await app.http().post(`/games/${game.gameId}/fork`).set(asOperator).send({ at }).expect(201);
      expect(byOperator.body.seats).toEqual([1, 2].map((seat) => ({ seat, name: `Player ${seat}`, token: expect.any(String) })));
      expect(byOperator.body.seats.map((s: Seat) => s.token)).not.toContain(game.one.token);
      // So does anyone's of a finished game: nothing of it is hidden any more.
      const lost = await lostGame();
      const fork = await app
        .http()
        .post(`/games/${lost.gameId}/fork`)
        .send({ at: actionEnds((await exportOf(lost.gameId)).lines)[3] })
        .expect(201);
      expect(fork.body.reshuffled).toBe(false);
      expect(fork.body.seats).toEqual([{ seat: 1, name: 'Player 1', token: expect.any(String) }]);
    });

    it('refuse a revision inside an action (422), beyond the game (400) and a malformed body (400)', async () => {
      const game = await runningGame();
      const res = await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: 0 }).expect(422);
      expect(res.body.rule).toBe('fork.mid-action');
      await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: 10_000 }).expect(400);
      await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: 'later' }).expect(400);
      await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: game.afterMove, speed: 3 }).expect(400);
    });

    it('keep their starting board sealed even once they are over: no events, feed or export of anyone but an operator shows it', async () => {
      const game = await createGame(app, 'first-voyage', 1);
      const created = await exportOf(game.gameId, asOperator);
      const res = await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.seats[0])).send({ at: created.header.revision }).expect(201);
      const fork = res.body as { gameId: string; seats: Seat[] };
      for (let i = 0; i < 60 && (await view(app, fork.gameId)).status === 'active'; i++) {
        await play(app, fork.gameId, fork.seats[0], { type: 'EndTurn' });
      }
      expect((await view(app, fork.gameId)).status).toBe('lost');
      const events = await app.http().get(`/games/${fork.gameId}/events`).expect(200);
      expect(events.body.events[0]).not.toHaveProperty('secret');
      const spectator = await exportOf(fork.gameId);
      expect(spectator.header).toMatchObject({ status: 'lost', complete: false });
      expect(spectator.lines[0]).toMatchObject({ type: 'GameForked', withheld: ['secret', 'draws'] });
      expect(spectator.text).not.toMatch(/"stack":/);
      expect((await exportOf(fork.gameId, asOperator)).lines[0].secret).toBeDefined();
    });

    it('can be exported whole by an operator and imported again', async () => {
      const game = await runningGame();
      const fork = await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: game.afterMove }).expect(201);
      await play(app, fork.body.gameId, fork.body.seats[0], { type: 'EndNavigation' });
      const whole = await exportOf(fork.body.gameId, asOperator);
      const copy = await importText(whole.text).expect(201);
      expect(await view(app, copy.body.gameId, copy.body.seats[0])).toEqual({
        ...(await view(app, fork.body.gameId, fork.body.seats[0])),
        gameId: copy.body.gameId,
      });
    });
  });
});
