// A game played through its history, as the server plays it: decide against the history, then
// record the action under its command id. For history and options tests.
import { seededRng, type Rng } from '../../random';
import type { ScenarioDefinition } from '../../scenario';
import { createGameCommand, firstVoyage, type SetupOptions } from '../../testing/fixtures';
import { decideWithHistory, type LogCommand } from '../decide-with-history';
import { GameHistory } from '../game-history';

export interface HistoryTable {
  history: GameHistory;
  /** Decides and records; returns the action id. Throws the RuleViolation of a refusal. */
  send(seat: number, command: LogCommand): string;
  rng: Rng;
  /** The clock the table's commands are decided at (milliseconds since the epoch); set it to move time on. */
  now: number;
}

export function historyTable(scenario: ScenarioDefinition = firstVoyage(), options: SetupOptions & { rng?: Rng } = {}): HistoryTable {
  const history = new GameHistory();
  const rng = options.rng ?? seededRng(options.seed ?? 7);
  let seq = 0;
  const table: HistoryTable = { history, rng, now: Date.UTC(2026, 0, 1, 12), send: (seat, command) => record(seat, command) };
  const record = (seat: number | null, command: LogCommand): string => {
    const decided = decideWithHistory(history, command, { seat, rng, now: table.now });
    const actionId = `cmd-${++seq}`;
    history.record(actionId, seat, decided.events, decided.state);
    return actionId;
  };
  record(null, createGameCommand(scenario, options));
  return table;
}
