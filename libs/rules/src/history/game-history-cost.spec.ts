// What an undo costs on a long game: it applies a bounded number of events, however long the
// log, whether the history was played here or folded from a stored log.
import { RuleViolation } from '../errors';
import { foldEvents } from '../evolve';
import type { GameEvent } from '../events';
import { seededRng } from '../random';
import { createGameCommand, firstVoyage } from '../testing/fixtures';
import { randomCommand } from '../testing/random-play';
import { decideWithHistory, type LogCommand } from './decide-with-history';
import { GameHistory } from './game-history';
import { effectiveEntries } from './action-stack';

/** Counts how often folding reads an event (each applier dispatch reads its type); GameCreated, which its applier clones, is left plain. */
let reads = 0;
const counted = (event: GameEvent): GameEvent =>
  new Proxy(event, {
    get(target, key, receiver) {
      if (key === 'type') reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });

/** A sandbox game (any seat may undo anything) played at random until its log holds `events` events. */
function longGame(events: number): GameHistory {
  const history = new GameHistory();
  const rng = seededRng(11);
  const scenario = { ...firstVoyage(), blessings: 3000, clueGoal: 100_000 };
  let n = 0;
  const send = (seat: number | null, command: LogCommand) => {
    const decided = decideWithHistory(history, command, { seat, rng });
    history.record(`c${++n}`, seat, seat === null ? decided.events : decided.events.map(counted), decided.state);
  };
  send(null, createGameCommand(scenario, { players: 2, mode: 'sandbox' }));
  while (history.entries.length < events && history.state.status === 'active') {
    try {
      send(history.state.turn?.seat ?? 1, randomCommand(rng, history.state));
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
    }
  }
  return history;
}

const freshFold = (history: GameHistory) => foldEvents(effectiveEntries(history.entries).map((e) => e.event));

/** Most event reads one undo may cost (the events since the nearest kept state, a few reads each). */
const BOUND = 400;

describe('the cost of an undo on a long game', () => {
  const history = longGame(4000);

  it('is long enough to matter', () => {
    expect(history.entries.length).toBeGreaterThanOrEqual(4000);
    expect(history.state.status).toBe('active');
  });

  it('keeps the states of the last few actions, and further back about one per 64 events, not one per action', () => {
    const kept = history.effectiveActions.filter((action) => action.after !== undefined).length;
    const effectiveEvents = history.effectiveActions.reduce((n, action) => n + action.entries.length, 0);
    expect(history.effectiveActions.length).toBeGreaterThan(effectiveEvents / 8); // small actions: one state each would be many
    expect(kept).toBeLessThanOrEqual(Math.ceil(effectiveEvents / 64) + 16);
  });

  it.each([
    ['played here', () => history],
    ['folded from the stored log', () => GameHistory.fold(history.entries)],
  ])('each of 300 undos in a row (%s) folds a bounded number of events, and leaves the board a fresh fold gives', (_, make) => {
    const game = make();
    let most = 0;
    for (let i = 0; i < 300; i++) {
      const seat = game.lastEffective?.seat ?? 1;
      reads = 0;
      const decided = decideWithHistory(game, { type: 'Undo' }, { seat, rng: seededRng(1) });
      game.record(`u${i}`, seat, decided.events, decided.state);
      most = Math.max(most, reads);
      if (i % 50 === 49) expect(game.state).toEqual(freshFold(game));
    }
    expect(most).toBeLessThanOrEqual(BOUND);
    expect(game.state).toEqual(freshFold(game));
  });
});
