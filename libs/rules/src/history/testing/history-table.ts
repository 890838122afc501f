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
}

export function historyTable(scenario: ScenarioDefinition = firstVoyage(), options: SetupOptions & { rng?: Rng } = {}): HistoryTable {
  const history = new GameHistory();
  const rng = options.rng ?? seededRng(options.seed ?? 7);
  let seq = 0;
  const record = (seat: number | null, command: LogCommand): string => {
    const decided = decideWithHistory(history, command, { seat, rng });
    const actionId = `cmd-${++seq}`;
    history.record(actionId, seat, decided.events, decided.state);
    return actionId;
  };
  record(null, createGameCommand(scenario, options));
  return { history, rng, send: (seat, command) => record(seat, command) };
}
