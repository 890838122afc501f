// Undo and redo in process: the rules' side of the command path (decide against the history,
// record the action) for cycles of move + undo + redo. Each cycle also pays for one more undo
// that puts the ship back (so it never runs out of navigation points) without counting it: the
// figure is 3 actions per cycle, a lower bound. boardgame.io does move+undo+redo at about
// 28,700 actions/s on the reference machine, keeping whole-state copies.
import { performance } from 'node:perf_hooks';
import { builtInScenario } from '@logbook/content';
import { decideWithHistory, GameHistory, seededRng, type LogCommand } from '@logbook/rules';
import { createGameCommand } from '@logbook/rules/testing/fixtures';

export interface UndoRedoFigures {
  actions: number;
  actionsPerSecond: number;
  /** Per second of this process's CPU time: steadier than wall time on a shared machine. */
  actionsPerCpuSecond: number;
  /** The log's length at the end: every undo and redo is an event too. */
  logLength: number;
}

export function measureUndoRedo(cycles = 5000): UndoRedoFigures {
  const history = new GameHistory();
  const rng = seededRng(1);
  let seq = 0;
  const send = (seat: number | null, command: LogCommand) => {
    const decided = decideWithHistory(history, command, { seat, rng });
    history.record(`c${++seq}`, seat, decided.events, decided.state);
  };
  send(null, createGameCommand(builtInScenario('twin-sails')!, { players: 2, mode: 'standard' }));
  send(1, { type: 'StartNavigation' });
  const cycle: LogCommand[] = [{ type: 'MoveShip' }, { type: 'Undo' }, { type: 'Redo' }, { type: 'Undo' }];
  for (let i = 0; i < 200; i++) for (const command of cycle) send(1, command); // warm-up
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < cycles; i++) for (const command of cycle) send(1, command);
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  const actions = cycles * 3; // move, undo, redo; the resetting undo is paid, not counted
  return {
    actions,
    actionsPerSecond: actions / seconds,
    actionsPerCpuSecond: actions / ((used.user + used.system) / 1e6),
    logLength: history.entries.length,
  };
}

if (require.main === module) {
  for (let i = 0; i < 3; i++) {
    const f = measureUndoRedo();
    console.log(
      `undo/redo: ${f.actions} actions (move, undo, redo; a resetting undo paid, not counted) = ${Math.round(f.actionsPerSecond).toLocaleString('en-US')} actions/s,` +
        ` ${Math.round(f.actionsPerCpuSecond).toLocaleString('en-US')} per CPU-second`,
    );
  }
}
