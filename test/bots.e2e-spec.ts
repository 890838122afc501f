// Bots in seats over HTTP: a four-seat game with two greedy bots plays to its end while the two
// players only answer their own turns (with the hints the server gives them); a seat handed to a
// bot and taken back; no undo takes a handover back; the bot's name in its actions' metadata;
// hints for a seat, the same whatever the hidden deal.
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { seededRng, type Rng } from '@logbook/rules';
import { BotRunner } from '../apps/server/src/bots/bot-runner.service';
import { nextCommandId, play, send, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

const ADMIN = 'bots-spec-operator-token-0123456789';

/** Seeded dice whose d6 never shows 6: the plunder stashed at setup never waits for a choice, so boards of two seeds start alike. */
const noSixes = (seed: number): Rng => {
  const dice = seededRng(seed);
  return { int: (min, max) => (min === 1 && max === 6 ? dice.int(1, 5) : dice.int(min, max)) };
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies; the assertions read their shape
type Json = any;

const createWith = async (app: TestApp, players: Array<{ name: string; bot?: string }>, scenario = 'first-voyage') => {
  const res = await app.http().post('/games').send({ scenario, players }).expect(201);
  return res.body as { gameId: string; revision: number; seats: Seat[] };
};

const options = async (app: TestApp, gameId: string, seat: Seat): Promise<Json> =>
  (await app.http().get(`/games/${gameId}/options`).set('Authorization', `Bearer ${seat.token}`).expect(200)).body;

const hint = (app: TestApp, gameId: string, seat?: Seat) => {
  const req = app.http().get(`/games/${gameId}/hint`);
  if (seat) req.set('Authorization', `Bearer ${seat.token}`);
  return req;
};

const handOver = (app: TestApp, gameId: string, seat: number, token: string | null, bot = 'greedy') => {
  const req = app.http().post(`/games/${gameId}/seats/${seat}/bot`);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.send({ bot });
};

const takeBack = (app: TestApp, gameId: string, seat: number, token: string | null) => {
  const req = app.http().delete(`/games/${gameId}/seats/${seat}/bot`);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req;
};

/** Until the server's bots have nothing scheduled or running for the game (bounded by count, not time). */
async function botsSettled(app: TestApp, gameId: string): Promise<void> {
  const runner = app.app.get(BotRunner);
  for (let i = 0; i < 10_000; i++) {
    if (runner.idle(gameId)) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the bots never settled');
}

async function storedEvents(app: TestApp, gameId: string) {
  const store = app.app.get<EventStore>(EVENT_STORE);
  const read = await store.readStream(gameStreamId(gameId), { fromRevision: 0, maxCount: 100_000 });
  if (read.status !== 'ok') throw new Error('no stream');
  return read.events;
}

describe('bots in seats', () => {
  let app: TestApp;

  useOperatorToken(ADMIN);
  beforeAll(async () => {
    app = await startApp({ rng: seededRng(2026) });
  });

  afterAll(async () => {
    await app.dispose();
  });

  it('plays a four-seat game with two greedy bots to its end, the players answering only their own turns', async () => {
    const game = await createWith(app, [{ name: 'Ann' }, { name: 'Rob', bot: 'greedy' }, { name: 'Cy' }, { name: 'Ada', bot: 'greedy' }]);
    const humans = new Map([1, 3].map((n) => [n, game.seats[n - 1]!]));
    const first = await view(app, game.gameId, game.seats[0]);
    expect(first.bots).toEqual([
      { seat: 2, bot: 'greedy' },
      { seat: 4, bot: 'greedy' },
    ]);
    let humanActions = 0;
    for (let step = 0; step < 3000; step++) {
      await botsSettled(app, game.gameId);
      const board = await view(app, game.gameId);
      if (board.status !== 'active') break;
      const waiting = board.waitingFor;
      const seatNo = waiting.kind === 'structural-damage' ? waiting.resolvedBy : waiting.seat;
      // The game never waits on a bot's seat once the bots have settled.
      const me = humans.get(seatNo);
      expect(me).toBeDefined();
      const advice = (await hint(app, game.gameId, me).expect(200)).body;
      expect(advice.hint).not.toBeNull();
      let res = await send(app, game.gameId, me!, advice.hint.command);
      if (res.status === 422) {
        // A refused explore (the hidden tile did not fit): end the order or the turn instead.
        const { options: legal } = await options(app, game.gameId, me!);
        const way = legal.find((o: Json) => ['EndNavigation', 'EndTurn', 'ResolveStructuralDamage', 'ChoosePlunderType'].includes(o.command.type));
        res = await send(app, game.gameId, me!, way.command);
      }
      expect(res.status).toBe(200);
      humanActions++;
    }
    const end = await view(app, game.gameId);
    expect(['won', 'lost']).toContain(end.status);
    expect(humanActions).toBeGreaterThan(0);

    // Every action of seats 2 and 4 was the bot's, its name in the metadata; none of 1 and 3.
    const events = await storedEvents(app, game.gameId);
    const firsts = events.filter((e) => typeof e.metadata.seat === 'number' && e.metadata.command);
    const botSeats = firsts.filter((e) => e.metadata.seat === 2 || e.metadata.seat === 4);
    expect(botSeats.length).toBeGreaterThan(0);
    for (const e of botSeats) expect(e.metadata.bot).toBe('greedy');
    for (const e of firsts.filter((x) => x.metadata.seat === 1 || x.metadata.seat === 3)) expect(e.metadata.bot).toBeUndefined();

    // The export says which actions a bot chose, and analytics mark the game's bot seats.
    const exported = await app
      .http()
      .get(`/games/${game.gameId}/export`)
      .set('Authorization', `Bearer ${ADMIN}`)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => done(null, text));
      });
    const lines = (exported.body as string)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(lines.some((l) => l.seat === 2 && l.bot === 'greedy')).toBe(true);
    expect(lines.filter((l) => l.type === 'SeatHandedToBot').map((l) => l.data)).toEqual([
      { seat: 2, bot: 'greedy', by: 'setup' },
      { seat: 4, bot: 'greedy', by: 'setup' },
    ]);
  });

  it('hands a seat to a bot and gives it back to its player, who keeps the token', async () => {
    const game = await createWith(app, [{ name: 'Ann' }, { name: 'Rob' }]);
    const [one, two] = game.seats as [Seat, Seat];
    const handed = await handOver(app, game.gameId, 2, two.token).expect(200);
    expect(handed.body.events).toEqual([expect.objectContaining({ type: 'SeatHandedToBot', data: { seat: 2, bot: 'greedy', by: 'seat' } })]);
    expect((await view(app, game.gameId)).bots).toEqual([{ seat: 2, bot: 'greedy' }]);

    // Seat 1 ends its turn: the bot plays seat 2's, and the game comes back to seat 1.
    await play(app, game.gameId, one, { type: 'EndTurn' });
    await botsSettled(app, game.gameId);
    let board = await view(app, game.gameId);
    expect(board.activeSeat).toBe(1);
    expect(board.round).toBe(2);

    // Seat 2 takes the seat back with its own token: its next turn waits for it.
    const back = await takeBack(app, game.gameId, 2, two.token).expect(200);
    expect(back.body.events).toEqual([expect.objectContaining({ type: 'SeatTakenBack', data: { seat: 2 } })]);
    await play(app, game.gameId, one, { type: 'EndTurn' });
    await botsSettled(app, game.gameId);
    board = await view(app, game.gameId);
    expect(board.bots).toEqual([]);
    expect(board.waitingFor).toMatchObject({ kind: 'turn', seat: 2 });
    await play(app, game.gameId, two, { type: 'EndTurn' });

    // The operator hands a seat over when its player has left.
    await handOver(app, game.gameId, 2, ADMIN, 'random').expect(200);
    expect((await view(app, game.gameId)).bots).toEqual([{ seat: 2, bot: 'random' }]);
    const timeline = (await app.http().get(`/games/${game.gameId}/timeline`).expect(200)).body;
    expect(JSON.stringify(timeline)).toContain('played by the random bot');
  });

  it('refuses a handover by another seat (403), without a token (401), twice (422), of an unknown bot (400)', async () => {
    const game = await createWith(app, [{ name: 'Ann' }, { name: 'Rob' }]);
    const [one, two] = game.seats as [Seat, Seat];
    expect((await handOver(app, game.gameId, 2, one.token)).status).toBe(403);
    expect((await handOver(app, game.gameId, 2, null)).status).toBe(401);
    expect((await handOver(app, game.gameId, 2, two.token, 'oracle')).status).toBe(400);
    expect((await handOver(app, game.gameId, 0, two.token)).status).toBe(400);
    expect((await takeBack(app, game.gameId, 2, two.token)).body).toMatchObject({ rule: 'seat.not-bot' });
    await handOver(app, game.gameId, 2, two.token).expect(200);
    const twice = await handOver(app, game.gameId, 2, two.token);
    expect([twice.status, twice.body.rule]).toEqual([422, 'seat.already-bot']);
    expect((await handOver(app, game.gameId, 3, ADMIN)).body).toMatchObject({ rule: 'seat.unknown' });
    expect(
      (
        await app
          .http()
          .post('/games')
          .send({ scenario: 'first-voyage', players: [{ name: 'A', bot: 'oracle' }] })
      ).status,
    ).toBe(400);
  });

  it('never undoes a handover: the seat’s undo takes back its own last action', async () => {
    const game = await createWith(app, [{ name: 'Ann' }, { name: 'Rob' }]);
    const [one, two] = game.seats as [Seat, Seat];
    const legal = await options(app, game.gameId, one);
    const move = legal.options.find((o: Json) => !o.dependsOnHidden && o.command.type === 'MoveCrew');
    const moved = await play(app, game.gameId, one, move.command);
    await handOver(app, game.gameId, 2, two.token).expect(200);
    const undone = await play(app, game.gameId, one, { type: 'Undo' });
    const movedId = (await storedEvents(app, game.gameId)).find((e) => e.revision === moved.events[0]!.revision)!.metadata.commandId;
    expect(undone.events[0]).toMatchObject({ type: 'ActionUndone', data: { actionId: movedId } });
    expect((await view(app, game.gameId)).bots).toEqual([{ seat: 2, bot: 'greedy' }]);
  });

  it('gives a seat a hint with its reason, only with its token', async () => {
    const game = await createWith(app, [{ name: 'Ann' }, { name: 'Rob' }]);
    const [one, two] = game.seats as [Seat, Seat];
    expect((await hint(app, game.gameId)).status).toBe(401);
    const mine = (await hint(app, game.gameId, one).expect(200)).body;
    expect(mine).toMatchObject({ seat: 1, hint: { command: { type: expect.any(String) }, label: expect.any(String), why: expect.any(String) } });
    // Not seat 2's turn: nothing to advise.
    expect((await hint(app, game.gameId, two).expect(200)).body.hint).toBeNull();
    // The hint is a command the seat may send.
    expect((await send(app, game.gameId, one, { commandId: nextCommandId(), ...mine.hint.command })).status).not.toBe(400);
  });

  it('gives the same hint in two games that differ only in their hidden deal (other dice, same scenario)', async () => {
    const other = await startApp({ rng: noSixes(7) });
    const one = await startApp({ rng: noSixes(2026) });
    try {
      const a = await createWith(one, [{ name: 'Ann' }, { name: 'Rob' }]);
      const b = await createWith(other, [{ name: 'Ann' }, { name: 'Rob' }]);
      const [va, vb] = [await view(one, a.gameId), await view(other, b.gameId)];
      // The same public position (what everyone sees of the two boards) …
      const publicOf = (v: Json) => ({ ships: v.ships, tiles: v.tiles, round: v.round, activeSeat: v.activeSeat, pending: v.pending });
      expect(publicOf(va)).toEqual(publicOf(vb));
      // … and hidden parts dealt otherwise (the opening hands differ) …
      const hands = async (t: TestApp, g: typeof a) => (await view(t, g.gameId, g.seats[0])).characters.map((c: Json) => c.hand);
      expect(await hands(one, a)).not.toEqual(await hands(other, b));
      // … give seat 1 the same hint.
      const [ha, hb] = [(await hint(one, a.gameId, a.seats[0]).expect(200)).body.hint, (await hint(other, b.gameId, b.seats[0]).expect(200)).body.hint];
      expect(ha).toEqual(hb);
    } finally {
      await one.dispose();
      await other.dispose();
    }
  });
});
