// Takebacks by consent over HTTP: asked, answered and withdrawn as commands, refused as 422s with
// their rule ids, shown in the board view, the events, the seek and the timeline; an export of a
// game with a takeback imports to the same board. And sandbox undo after the end.
import { LOOKOUT, NAVIGATOR, sea, stackTile } from '@logbook/rules/navigation/testing/sea-kit';
import { asText, createGame, play, send, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { noSixes, rim, turnCw } from './support/history-fixtures';
import { useOperatorToken } from './support/env';

const OPERATOR = 'operator-token-for-the-takeback-tests';
const asOperator = { Authorization: `Bearer ${OPERATOR}` };

describe('takebacks by consent over HTTP', () => {
  let app: TestApp;

  useOperatorToken(OPERATOR);
  beforeAll(async () => {
    app = await startApp({ rng: noSixes() });
  });

  afterAll(async () => {
    await app.dispose();
  });

  const refused = async (gameId: string, seat: Seat | null, command: Record<string, unknown>) => {
    const res = await send(app, gameId, seat, command);
    return [res.status, res.body.rule];
  };

  /** Two seats: seat 1 turned the ship and ended its turn. */
  async function played() {
    const game = await createGame(app, rim(), 2);
    const [one, two] = game.seats;
    const before = await view(app, game.gameId, one);
    const turned = await play(app, game.gameId, one, turnCw);
    await play(app, game.gameId, one, { type: 'EndTurn' });
    const board = await view(app, game.gameId, two);
    const [first, ended] = board.takeback.candidates.slice().reverse();
    return { game, one, two, before, turned, board, first, ended };
  }

  it('asked by one seat, accepted by the other: the board goes back, recorded as the undos an Undo records', async () => {
    const { game, one, two, before, first, ended } = await played();
    expect(first.revision).toBe(before.revision + 1);
    const asked = await play(app, game.gameId, two, { type: 'RequestTakeback', actionId: first.actionId });
    expect(asked.events).toEqual([
      expect.objectContaining({
        type: 'TakebackRequested',
        data: expect.objectContaining({ seat: 2, actionIds: [ended.actionId, first.actionId], backTo: before.revision }),
      }),
    ]);
    const requestId = asked.events[0]!.revision;
    const waiting = await view(app, game.gameId, one);
    expect(waiting.takeback.request).toMatchObject({ requestId, seat: 2, outcome: 'open', waitingFor: [1], accepted: [] });
    expect(waiting.activeSeat).toBe(2);

    const accepted = await play(app, game.gameId, one, { type: 'AnswerTakeback', requestId, accept: true });
    expect(accepted.events.map((e) => [e.type, e.data.actionId ?? null])).toEqual([
      ['TakebackAccepted', null],
      ['ActionUndone', ended.actionId],
      ['ActionUndone', first.actionId],
    ]);
    const after = await view(app, game.gameId, two);
    expect(after.ships).toEqual(before.ships);
    expect(after.activeSeat).toBe(1);
    expect(after.takeback.request).toMatchObject({ requestId, outcome: 'accepted' });
    expect(await refused(game.gameId, one, { type: 'Redo' })).toEqual([422, 'redo.taken-back']);

    // The seek at the request's revision is the board before it; the timeline says what happened.
    const at = await app
      .http()
      .get(`/games/${game.gameId}?at=${requestId}`)
      .set({ Authorization: `Bearer ${one.token}` })
      .expect(200);
    expect(at.body.ships[0].facing).toBe(1);
    const timeline = await app.http().get(`/games/${game.gameId}/timeline`).expect(200);
    const lines = JSON.stringify(timeline.body);
    expect(lines).toMatch(/Player 2 asked to take back: 2 actions, back to revision \d+, if every other seat accepts/);
    expect(lines).toMatch(/Player 1 accepted the takeback: undid “Player 1 ended the turn/);
  });

  it('[bot.takeback-consent] a seat a bot plays accepts the takeback by itself', async () => {
    const { game, one, two, before, first } = await played();
    const asked = await play(app, game.gameId, two, { type: 'RequestTakeback', actionId: first.actionId });
    const requestId = asked.events[0]!.revision;
    // Seat 1's player leaves the table to a bot, which plays no turn now (it is seat 2's) but answers.
    await app
      .http()
      .post(`/games/${game.gameId}/seats/1/bot`)
      .set({ Authorization: `Bearer ${one.token}` })
      .send({ bot: 'idle' })
      .expect(200);
    let board = await view(app, game.gameId, two);
    for (let i = 0; i < 200 && board.takeback.request.outcome === 'open'; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      board = await view(app, game.gameId, two);
    }
    expect(board.takeback.request).toMatchObject({ requestId, outcome: 'accepted' });
    expect(board.ships).toEqual(before.ships);
    const events = (await app.http().get(`/games/${game.gameId}/events?from=${requestId}`).expect(200)).body.events as Array<{
      type: string;
      revision: number;
    }>;
    expect(events.map((e) => e.type)).toContain('TakebackAccepted');
  });

  it('declined: nothing is undone, and the request is over', async () => {
    const { game, one, two, board, first } = await played();
    const asked = await play(app, game.gameId, two, { type: 'RequestTakeback', actionId: first.actionId });
    const requestId = asked.events[0]!.revision;
    const declined = await play(app, game.gameId, one, { type: 'AnswerTakeback', requestId, accept: false });
    expect(declined.events).toEqual([expect.objectContaining({ type: 'TakebackDeclined', data: expect.objectContaining({ requestId, seat: 1 }) })]);
    const after = await view(app, game.gameId, two);
    expect(after.ships).toEqual(board.ships);
    expect(after.takeback.request).toMatchObject({ outcome: 'declined', by: 1 });
    expect(await refused(game.gameId, one, { type: 'AnswerTakeback', requestId, accept: true })).toEqual([422, 'takeback.closed']);
  });

  it('refuses with each rule id, and malformed bodies with a 400', async () => {
    const { game, one, two, first } = await played();
    expect(await refused(game.gameId, two, { type: 'RequestTakeback', actionId: 'no-such-action' })).toEqual([422, 'takeback.unknown-action']);
    const asked = await play(app, game.gameId, two, { type: 'RequestTakeback', actionId: first.actionId });
    const requestId = asked.events[0]!.revision;
    expect(await refused(game.gameId, one, { type: 'RequestTakeback', actionId: first.actionId })).toEqual([422, 'takeback.already-open']);
    expect(await refused(game.gameId, two, { type: 'AnswerTakeback', requestId, accept: true })).toEqual([422, 'takeback.own-request']);
    expect(await refused(game.gameId, one, { type: 'WithdrawTakeback', requestId })).toEqual([422, 'takeback.not-your-request']);
    expect(await refused(game.gameId, one, { type: 'AnswerTakeback', requestId: requestId + 5, accept: true })).toEqual([422, 'takeback.unknown-request']);
    expect((await send(app, game.gameId, one, { type: 'AnswerTakeback', requestId })).status).toBe(400);
    expect((await send(app, game.gameId, one, { type: 'AnswerTakeback', requestId: 'x', accept: true })).status).toBe(400);
    expect((await send(app, game.gameId, null, { type: 'AnswerTakeback', requestId, accept: true })).status).toBe(401);
    // The game moves on: the request expires.
    await play(app, game.gameId, two, turnCw);
    expect(await refused(game.gameId, one, { type: 'AnswerTakeback', requestId, accept: true })).toEqual([422, 'takeback.expired']);
  });

  it('never goes past revealed information', async () => {
    const game = await createGame(app, rim(), 2);
    const [one, two] = game.seats;
    await play(app, game.gameId, one, { type: 'StartNavigation' });
    await play(app, game.gameId, one, { type: 'ExploreTile' });
    const board = await view(app, game.gameId, two);
    const started = (await app.http().get(`/games/${game.gameId}/timeline`).expect(200)).body;
    const startId = JSON.stringify(started).match(/"actionId":"([^"]+)"[^}]*StartNavigation/)?.[1];
    expect(board.takeback).toBeNull();
    expect(startId).toBeDefined();
    expect(await refused(game.gameId, two, { type: 'RequestTakeback', actionId: startId })).toEqual([422, 'takeback.revealed']);
  });

  it('an export of a game with a takeback imports to the same board (its times decided again as recorded)', async () => {
    const { game, one, two, first } = await played();
    const asked = await play(app, game.gameId, two, { type: 'RequestTakeback', actionId: first.actionId });
    await play(app, game.gameId, one, { type: 'AnswerTakeback', requestId: asked.events[0]!.revision, accept: true });
    await play(app, game.gameId, one, turnCw);
    const board = await view(app, game.gameId, one);
    const whole = await app.http().get(`/games/${game.gameId}/export`).set(asOperator).buffer(true).parse(asText).expect(200);
    const copy = await app
      .http()
      .post('/games/import')
      .set({ 'Content-Type': 'application/x-ndjson', ...asOperator })
      .send(whole.body as string)
      .expect(201);
    expect(await view(app, copy.body.gameId, copy.body.seats[0])).toEqual({ ...board, gameId: copy.body.gameId });
  });

  describe('sandbox undo after the end', () => {
    const quick = () => sea({ radius: 1, ship: { hex: { q: 0, r: -1 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] }, stack: [stackTile('misty', 1, 12)] });
    const won = async (mode: string) => {
      const game = await createGame(app, quick(), 1, mode);
      await play(app, game.gameId, game.seats[0]!, { type: 'StartNavigation' });
      await play(app, game.gameId, game.seats[0]!, { type: 'ExploreTile' });
      expect((await view(app, game.gameId, game.seats[0])).status).toBe('won');
      return game;
    };

    it('a won sandbox game undoes the action that won it: active again; redo wins it again', async () => {
      const game = await won('sandbox');
      const [me] = game.seats;
      expect((await view(app, game.gameId, me)).undo).toMatchObject({ by: [1] });
      await play(app, game.gameId, me!, { type: 'Undo' });
      const active = await view(app, game.gameId, me);
      expect(active.status).toBe('active');
      expect(active.navigation).not.toBeNull();
      await play(app, game.gameId, me!, { type: 'Redo' });
      expect((await view(app, game.gameId, me)).status).toBe('won');
      await play(app, game.gameId, me!, { type: 'Undo' });
      await play(app, game.gameId, me!, { type: 'Undo' });
      expect((await view(app, game.gameId, me)).navigation).toBeNull();
    });

    it('a standard game keeps refusing with game.over', async () => {
      const game = await won('standard');
      expect(await refused(game.gameId, game.seats[0]!, { type: 'Undo' })).toEqual([422, 'game.over']);
    });
  });
});
