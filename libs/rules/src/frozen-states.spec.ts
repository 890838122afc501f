import { decideAndApply } from './decide';
import { foldEvents } from './evolve';
import { decideWithHistory } from './history/decide-with-history';
import { GameHistory } from './history/game-history';
import { seededRng } from './random';
import { setupEvents } from './testing/fixtures';

// Freezing finished states is on unless a production server turns it off for speed; either way
// the decision and its events are the same, and events stay frozen. The choice is the caller's
// (a game's history holds it), never a setting that changes other callers in the process.
describe('frozen states', () => {
  const decideOnce = (freezeStates?: boolean) =>
    decideAndApply(foldEvents(setupEvents()), { type: 'StartNavigation' }, { seat: 1, rng: seededRng(1) }, freezeStates);

  it('freezes what a decision changed by default', () => {
    const { state } = decideOnce();
    expect(Object.isFrozen(state)).toBe(true);
    expect(Object.isFrozen(state.navigation)).toBe(true);
  });

  it('when off, leaves the state unfrozen but decides the same events and state, and still freezes the events', () => {
    const frozen = decideOnce();
    const plain = decideOnce(false);
    expect(Object.isFrozen(plain.state)).toBe(false);
    expect(plain.events).toEqual(frozen.events);
    expect(plain.state).toEqual(frozen.state);
    expect(plain.events.every((event) => Object.isFrozen(event))).toBe(true);
  });

  describe("a game's history keeps its own setting", () => {
    const play = (history: GameHistory) => {
      const started = decideWithHistory(history, { type: 'StartNavigation' }, { seat: 1, rng: seededRng(1) });
      history.record('a1', 1, started.events, started.state);
      const undone = decideWithHistory(history, { type: 'Undo' }, { seat: 1, rng: seededRng(2) });
      history.record('u1', 1, undone.events, undone.state);
      const redone = decideWithHistory(history, { type: 'Redo' }, { seat: 1, rng: seededRng(3) });
      return { started, redone };
    };

    it('an unfrozen game decides unfrozen states, while a frozen game beside it stays frozen', () => {
      const plain = GameHistory.fold([], { freezeStates: false });
      plain.append(setupEvents().map((event) => ({ actionId: 'setup', seat: null, event })));
      const frozen = new GameHistory();
      frozen.append(setupEvents().map((event) => ({ actionId: 'setup', seat: null, event })));
      const fromPlain = play(plain);
      const fromFrozen = play(frozen);
      expect(Object.isFrozen(fromPlain.started.state.navigation)).toBe(false);
      expect(Object.isFrozen(fromFrozen.started.state.navigation)).toBe(true);
      expect(fromPlain.started.state).toEqual(fromFrozen.started.state);
      expect(fromPlain.redone.state).toEqual(fromFrozen.redone.state);
    });

    it('events read from the log are applied unfrozen in an unfrozen game', () => {
      const decided = decideOnce();
      const plain = new GameHistory({ freezeStates: false });
      plain.append(setupEvents().map((event) => ({ actionId: 'setup', seat: null, event })));
      plain.append(decided.events.map((event) => ({ actionId: 'a1', seat: 1, event })));
      expect(Object.isFrozen(plain.state.navigation)).toBe(false);
      expect(plain.state).toEqual(decided.state);
    });
  });
});
