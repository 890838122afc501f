// Where a history may start other than at the game's creation: after a floor, an effective
// action that no undo, takeback or redo can ever take back. [D §11] a standard game undoes only
// the running turn's actions and never one that revealed anything, and a takeback never goes past
// a revealing action or the start of the round; in either mode the system's actions (creation,
// fork) are never undone. Everything below a floor is then fixed: a history resumed there
// (GameHistory.resume) decides, undoes and refuses exactly as one folded from the whole log.
import type { GameState } from '../state';
import type { HistoryAction } from './history-action';
import type { LogEntry, LoggedAction } from './log-entry';
import type { TakebackRequest } from './takeback-ledger';

/** What GameHistory.resume starts from: a fold of the log up to `revision`, whose top action is a floor. */
export interface HistoryBase {
  /** The revision of the log's last event folded in. */
  revision: number;
  /** The effective state at `revision`. */
  state: GameState;
  /** The top effective action at `revision`, a floor (firstIndex: its first event's revision). */
  floor: LoggedAction;
  /** The latest takeback request at `revision`, as it stood. */
  takeback: TakebackRequest | null;
  /** The log's entry at `revision` (a read continuing from there takes its action and seat). */
  last: LogEntry;
}

const endsRound = (action: HistoryAction): boolean => action.entries.some((e) => e.event.type === 'RoundEnded');

/** Whether `action`, once the top of the effective history, stays in it for good (see above). */
export function isFloor(action: HistoryAction, mode: GameState['mode']): boolean {
  if (action.seat === null) return true;
  if (mode !== 'standard') return false;
  return action.revealing || (action.turnBoundary && endsRound(action));
}
