// A history resumed after a floor (a snapshot's base) against one folded from the whole log:
// random standard games of two seats with undos, takebacks and redos chosen from the options.
import fc from 'fast-check';
import { builtInScenario } from '@logbook/content';
import { RuleViolation } from '../errors';
import { legalCommands } from '../options/legal-commands';
import { seededRng } from '../random';
import { createGameCommand } from '../testing/fixtures';
import { decideWithHistory, type LogCommand } from './decide-with-history';
import { GameHistory } from './game-history';
import type { HistoryBase } from './history-base';

const NOW = 1_800_000_000_000;

/** Plays `steps` options at random (Undo and Redo among them when listed); the bases met on the way. */
function play(seed: number, steps: number): { history: GameHistory; bases: HistoryBase[] } {
  const chooser = seededRng(seed);
  const rng = seededRng(seed * 17 + 3);
  const history = new GameHistory();
  const bases: HistoryBase[] = [];
  let seq = 0;
  const send = (seat: number | null, command: LogCommand) => {
    const decided = decideWithHistory(history, command, { seat, rng, now: NOW + seq });
    history.record(`a${++seq}`, seat, decided.events, decided.state);
    const base = history.base();
    if (base) bases.push(base);
  };
  send(null, createGameCommand(builtInScenario('first-voyage')!, { players: 2, mode: 'standard' }));
  for (let i = 0; i < steps && history.state.status === 'active'; i++) {
    const seat = history.state.turn!.seat;
    const options = legalCommands(history.state, seat, { history });
    const extra: LogCommand[] = [{ type: 'Undo' }, { type: 'Redo' }];
    const commands = [...options.map((o) => o.command), ...extra];
    try {
      send(seat, commands[chooser.int(0, commands.length - 1)]);
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
    }
  }
  return { history, bases };
}

const outlook = (history: GameHistory) => ({
  revision: history.revision,
  state: history.state,
  undoable: history.undoable(),
  redoable: history.redoable(),
  takeback: history.takebackView(),
  candidates: legalCommands(history.state, history.state.turn?.seat ?? 1, { history }).map((o) => o.command),
});

describe('a history resumed from a base', () => {
  it('folds, refuses and undoes as the history folded from the whole log', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const { history, bases } = play(seed, 80);
        for (const base of bases) {
          const whole = GameHistory.fold(history.entries);
          const resumed = GameHistory.resume(base, history.entries.slice(base.revision + 1));
          expect(resumed.startsAfter).toBe(base.revision);
          expect(outlook(resumed)).toEqual(outlook(whole));
          // The same Undo to both (whoever may send it): the same events and board.
          const seat = whole.undoable()?.by[0];
          if (seat === undefined) continue;
          const context = { seat, rng: seededRng(1), now: NOW };
          const a = decideWithHistory(whole, { type: 'Undo' }, context);
          const b = decideWithHistory(resumed, { type: 'Undo' }, context);
          expect(b).toEqual(a);
          whole.record('undo', seat, a.events, a.state);
          resumed.record('undo', seat, b.events, b.state);
          expect(outlook(resumed)).toEqual(outlook(whole));
        }
      }),
      { numRuns: 4, seed: 20261202 },
    );
  });

  it('is offered only where the top action can never be taken back', () => {
    const { bases } = play(7, 80);
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base.floor.seat === null || base.state.mode === 'standard').toBe(true);
  });
});
