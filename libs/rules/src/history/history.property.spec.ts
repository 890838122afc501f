// Whole random games played through their history, with random undo and redo (fast-check,
// bounded by numRuns). What must hold at every step: the options are honest, undo then redo
// gives the same board, the board at revision N is a fresh fold of the effective first N+1
// events, and a decision that drew from the Rng always emitted a revealing event.
import fc from 'fast-check';
import { builtInScenario } from '@logbook/content';
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { legalCommands } from '../options/legal-commands';
import { candidateCommands } from '../options/candidates';
import { seededRng, type Rng } from '../random';
import type { GameMode, GameState } from '../state';
import { randomCommand } from '../testing/random-play';
import { createGameCommand } from '../testing/fixtures';
import { decideWithHistory, type LogCommand } from './decide-with-history';
import { GameHistory } from './game-history';
import { effectiveEntries } from './action-stack';
import { isRevealingAction } from './revealing';

const canonical = (command: LogCommand) => JSON.stringify(command, Object.keys(command).sort());
const refusedBy = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof RuleViolation) return error.rule;
    throw error;
  }
};

interface Game {
  history: GameHistory;
  /** The effective state after each revision the hot history reached. */
  statesAt: Map<number, GameState>;
}

function playGame(seed: number, scenarioId: string, players: number, mode: GameMode, steps: number): Game {
  const chooser = seededRng(seed);
  let draws = 0;
  const dice = seededRng(seed * 31 + 7);
  const rng: Rng = { int: (min, max) => (draws++, dice.int(min, max)) };
  const history = new GameHistory();
  const statesAt = new Map<number, GameState>();
  let seq = 0;
  const send = (seat: number | null, command: LogCommand) => {
    draws = 0;
    const decided = decideWithHistory(history, command, { seat, rng });
    if (draws > 0) expect([command.type, isRevealingAction(decided.events)]).toEqual([command.type, true]);
    history.record(`a${++seq}`, seat, decided.events, decided.state);
    statesAt.set(history.revision, history.state);
  };
  send(null, createGameCommand(builtInScenario(scenarioId)!, { players, mode }));

  for (let i = 0; i < steps && history.state.status === 'active'; i++) {
    const state = history.state;
    const active = state.turn!.seat;
    const seat = chooser.int(0, 5) === 0 ? chooser.int(1, players) : active;
    const legal = legalCommands(state, seat, { history });

    // Every listed command not marked hidden-dependent is accepted (on a throw-away decision).
    for (const option of legal) {
      if (option.dependsOnHidden) continue;
      expect([option.command, refusedBy(() => decideWithHistory(history, option.command, { seat, rng: seededRng(i) }))]).toEqual([option.command, null]);
    }
    // A sample of unlisted commands is refused.
    const listed = new Set(legal.map((o) => canonical(o.command)));
    const unlisted = [...candidateCommands(state, seat, true), { type: 'Undo' } as const, { type: 'Redo' } as const].filter((c) => !listed.has(canonical(c)));
    for (let k = 0; k < 4 && unlisted.length > 0; k++) {
      const command = unlisted[chooser.int(0, unlisted.length - 1)];
      expect([command, refusedBy(() => decideWithHistory(history, command, { seat, rng: seededRng(i) }))]).not.toEqual([command, null]);
    }

    // Undo then redo gives the same board.
    if (history.undoRefusal(seat) === null && chooser.int(0, 3) === 0) {
      const before = history.state;
      send(seat, { type: 'Undo' });
      if (chooser.int(0, 2) > 0) {
        send(seat, { type: 'Redo' });
        expect(history.state).toEqual(before);
      }
      continue;
    }
    // Otherwise a listed command most of the time, a random one (likely refused) sometimes.
    const command: LogCommand = legal.length > 0 && chooser.int(0, 3) > 0 ? legal[chooser.int(0, legal.length - 1)].command : randomCommand(chooser, state);
    try {
      send(seat, command);
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
    }
  }
  return { history, statesAt };
}

// Split by scenario and mode so that each test stays well inside the timeout on a busy machine.
describe.each([
  ['first-voyage', 'standard'],
  ['first-voyage', 'sandbox'],
  ['twin-sails', 'standard'],
  ['twin-sails', 'sandbox'],
] as const)('whole random games of %s in %s mode, with random undo and redo', (scenarioId, mode) => {
  it('keep the options honest, undo/redo exact, and the board a pure function of the log', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 3 }), (seed, players) => {
        const { history, statesAt } = playGame(seed, scenarioId, players, mode, 60);
        // The board at revision N equals a fresh fold of the effective first N+1 events.
        const entries = history.entries;
        for (const [revision, state] of statesAt) {
          const prefix = entries.slice(0, revision + 1);
          expect(foldEvents(effectiveEntries(prefix).map((e) => e.event as GameEvent))).toEqual(state);
        }
        // A history loaded from the log agrees with the one played live.
        const cold = GameHistory.fold(entries);
        expect(cold.state).toEqual(history.state);
        expect(cold.undoable()).toEqual(history.undoable());
        expect(cold.redoable()).toEqual(history.redoable());
      }),
      { numRuns: 3, seed: 20261130 },
    );
  });
});
