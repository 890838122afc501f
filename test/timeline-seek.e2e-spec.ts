// Timeline and seek over HTTP: the timeline of a played game, seeks by revision and by turn
// (checked against a fresh fold of the log), their ETags, and what they refuse.
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameStreamId, toDomainEvent, toLogEntries } from '@logbook/game-log';
import { boardView, type Timeline, type TimelineAction } from '@logbook/projections';
import { playActions, toNewEventsOf, type PlayedAction } from '@logbook/projections/history/testing/played-game';
import { effectiveEntries, foldEvents, type GameEvent } from '@logbook/rules';
import { createGame, play } from './support/api';
import { startApp, type TestApp } from './support/app';

describe('timeline and seek over HTTP', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startApp();
  });

  afterEach(() => app.dispose());

  const store = () => app.app.get<EventStore>(EVENT_STORE);

  /** A two-seat game with a couple of turns: navigation, a crew order, turns ended. */
  async function playedGame() {
    const game = await createGame(app, 'first-voyage', 2);
    const [ana, bo] = game.seats;
    await play(app, game.gameId, ana, { type: 'Navigate', steps: [{ action: 'move' }, { action: 'turn', direction: 'cw' }] });
    await play(app, game.gameId, ana, { type: 'EndTurn' });
    await play(app, game.gameId, bo, { type: 'EndTurn' });
    const last = await play(app, game.gameId, ana, { type: 'DropAnchor' });
    return { ...game, ana, bo, revision: last.revision };
  }

  /** The board at `revision` as the contract defines it: a fresh fold of the effective history of the log's prefix. */
  async function freshView(gameId: string, revision: number) {
    const read = await store().readStream(gameStreamId(gameId), { fromRevision: 0, maxCount: revision + 1 });
    if (read.status !== 'ok') throw new Error('no stream');
    return boardView(foldEvents(effectiveEntries(toLogEntries(read.events)).map((e) => e.event)), revision, null);
  }

  it('lists the actions by round and turn, with who did what, when, and their revisions', async () => {
    const game = await playedGame();
    const res = await app.http().get(`/games/${game.gameId}/timeline`).expect(200);
    expect(res.headers.etag).toBe(`"${game.revision}"`);
    const timeline = res.body as Timeline;
    expect(timeline).toMatchObject({ gameId: game.gameId, revision: game.revision, actions: 5 });
    expect(timeline.rounds.map((r) => [r.round, r.turns.map((t) => [t.turn, t.seat])])).toEqual([
      [0, [[0, null]]],
      [
        1,
        [
          [1, 1],
          [2, 2],
        ],
      ],
      [2, [[1, 1]]],
    ]);
    const [navigate, endTurn] = timeline.rounds[1].turns[0].actions;
    expect(navigate).toMatchObject({ seat: 1, by: 'Player 1', undone: false, redone: false });
    expect(navigate).toMatchObject({ type: 'Navigate' });
    expect(navigate.description).toMatch(/^Player 1 navigated \(sail ahead, turn clockwise\): /);
    expect(navigate.description).toContain('The Gull sails to (0, -1)');
    expect(endTurn.description).toMatch(/^Player 1 ended the turn: Player 2's turn \(round 1\)$/);
    expect(Date.parse(navigate.recordedAt ?? '')).not.toBeNaN();
    expect(timeline.rounds[2].turns[0].actions[0].revisions).toEqual({ from: game.revision, to: game.revision });
  });

  it('gives some rounds at a time with ?from=&to=', async () => {
    const game = await playedGame();
    const timeline = async (query = '') => (await app.http().get(`/games/${game.gameId}/timeline${query}`).expect(200)).body as Timeline;
    const whole = await timeline();
    expect((await timeline('?from=1&to=1')).rounds).toEqual(whole.rounds.filter((r) => r.round === 1));
    expect((await timeline('?from=2')).rounds.map((r) => r.round)).toEqual([2]);
    for (const query of ['from=x', 'to=-1', 'from=2&to=1', 'from=1&from=2']) await app.http().get(`/games/${game.gameId}/timeline?${query}`).expect(400);
  });

  it('never shows a secret: no hidden part of any event is in the timeline', async () => {
    const game = await playedGame();
    const read = await store().readStream(gameStreamId(game.gameId));
    if (read.status !== 'ok') throw new Error('no stream');
    const secrets = read.events
      .map(toDomainEvent)
      .filter((e) => e.secret)
      .map((e) => JSON.stringify(e.secret!.data));
    expect(secrets.length).toBeGreaterThan(0);
    const text = JSON.stringify((await app.http().get(`/games/${game.gameId}/timeline`).expect(200)).body);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('secret');
  });

  it('shows the board at every revision as a fresh fold of the log up to it, its ETag that revision', async () => {
    const game = await playedGame();
    for (let revision = 0; revision <= game.revision; revision++) {
      const res = await app.http().get(`/games/${game.gameId}?at=${revision}`).expect(200);
      // The rules the game is played under are the game's, not a fold's: the same at every revision.
      const { rules, ...board } = res.body;
      expect(board).toEqual(await freshView(game.gameId, revision));
      expect(rules).toMatchObject({ frozen: null });
      expect(res.headers.etag).toBe(`"${revision}"`);
    }
    const etag = `"${game.revision - 1}"`;
    await app
      .http()
      .get(`/games/${game.gameId}?at=${game.revision - 1}`)
      .set('If-None-Match', etag)
      .expect(304);
  });

  it('seeks to the start of a turn by round and turn', async () => {
    const game = await playedGame();
    const timeline = (await app.http().get(`/games/${game.gameId}/timeline`).expect(200)).body as Timeline;
    const startOf = (round: number, turn: number) => timeline.rounds.find((r) => r.round === round)!.turns[turn - 1].startedAt;
    for (const [round, turn] of [
      [1, 1],
      [1, 2],
      [2, 1],
    ]) {
      const res = await app.http().get(`/games/${game.gameId}?round=${round}&turn=${turn}`).expect(200);
      expect(res.body.revision).toBe(startOf(round, turn));
      expect(res.body).toMatchObject({ round, activeSeat: turn === 2 ? 2 : 1 });
      expect(res.headers.etag).toBe(`"${startOf(round, turn)}"`);
    }
    expect((await app.http().get(`/games/${game.gameId}?round=2`).expect(200)).body.revision).toBe(startOf(2, 1));
  });

  it('refuses a seek it cannot answer with 400, and an unknown game with 404', async () => {
    const game = await playedGame();
    for (const query of [
      'at=abc',
      'at=-1',
      `at=${game.revision + 1}`,
      'round=0',
      'round=9',
      'round=1&turn=3',
      'turn=1',
      'at=1&round=1',
      'round=x',
      'at=1&at=2',
      'round=1&round=2',
    ]) {
      const res = await app.http().get(`/games/${game.gameId}?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
    }
    await app.http().get('/games/no-such-game/timeline').expect(404);
    await app.http().get('/games/no-such-game?at=0').expect(404);
    await app.http().get('/games/bad%20id/timeline').expect(400);
  });

  it('follows the game as it grows: a seek and the timeline catch up with new actions', async () => {
    const game = await playedGame();
    await app.http().get(`/games/${game.gameId}?at=${game.revision}`).expect(200);
    const more = await play(app, game.gameId, game.ana, { type: 'WeighAnchor' });
    const res = await app.http().get(`/games/${game.gameId}?at=${more.revision}`).expect(200);
    const { rules: _rules, ...board } = res.body;
    expect(board).toEqual(await freshView(game.gameId, more.revision));
    const timeline = (await app.http().get(`/games/${game.gameId}/timeline`).expect(200)).body;
    expect(timeline.revision).toBe(more.revision);
    expect(timeline.actions).toBe(6);
  });

  it('seeks through undo and redo sent over HTTP: every revision is the effective board of its prefix, and the timeline says what was taken back', async () => {
    const game = await createGame(app, 'first-voyage', 1, 'sandbox');
    const [ana] = game.seats;
    await play(app, game.gameId, ana, { type: 'Navigate', steps: [{ action: 'move' }] });
    await play(app, game.gameId, ana, { type: 'DropAnchor' });
    await play(app, game.gameId, ana, { type: 'Undo' });
    await play(app, game.gameId, ana, { type: 'Undo' });
    await play(app, game.gameId, ana, { type: 'Redo' });
    const last = await play(app, game.gameId, ana, { type: 'EndTurn' });
    for (let revision = 0; revision <= last.revision; revision++) {
      const { rules: _rules, ...board } = (await app.http().get(`/games/${game.gameId}?at=${revision}`).expect(200)).body;
      expect(board).toEqual(await freshView(game.gameId, revision));
    }
    const timeline = (await app.http().get(`/games/${game.gameId}/timeline`).expect(200)).body as Timeline;
    const actions = timeline.rounds.flatMap((r) => r.turns.flatMap((t) => t.actions));
    expect(actions.map((a) => [a.type, a.undone, a.redone])).toEqual([
      ['CreateGame', false, false],
      ['Navigate', false, true],
      ['DropAnchor', true, false],
      ['Undo', false, false],
      ['Undo', false, false],
      ['Redo', false, false],
      ['EndTurn', false, false],
    ]);
    expect(actions[3]?.target).toBe(actions[2]?.actionId);
    expect(actions[3]?.description).toBe('Player 1 undid “Player 1 dropped anchor”');
  });

  it('marks undone and redone actions in the timeline from their ActionUndone / ActionRedone events', async () => {
    const actions = playActions({ seed: 3, players: 1, events: 40, gameId: 'undo-history' });
    const [a, b] = actions.slice(-2);
    const history = (type: string, target: PlayedAction, id: string): PlayedAction => ({
      commandId: id,
      seat: 1,
      command: { type: type === 'ActionUndone' ? 'Undo' : 'Redo' },
      events: [{ type, data: { actionId: target.commandId, seat: 1 } } as unknown as GameEvent],
    });
    const all = [...actions, history('ActionUndone', b, 'u1'), history('ActionUndone', a, 'u2'), history('ActionRedone', a, 'r1')];
    await store().append(gameStreamId('undo-history'), toNewEventsOf('undo-history', all), 'no_stream');
    const timeline = (await app.http().get('/games/undo-history/timeline').expect(200)).body as Timeline;
    const byId = new Map<string, TimelineAction>(timeline.rounds.flatMap((r) => r.turns.flatMap((t) => t.actions)).map((x) => [x.actionId, x]));
    expect(byId.get(b.commandId)).toMatchObject({ undone: true, redone: false });
    expect(byId.get(a.commandId)).toMatchObject({ undone: false, redone: true });
    expect(byId.get('u1')).toMatchObject({ type: 'Undo', target: b.commandId });
    expect(byId.get('u1')!.description).toContain('undid “');
  });
});
