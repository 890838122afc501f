// The takeback requests of a log, derived from it alone: the latest request and how it stands,
// and which actions were taken back by consent. A request is open until it is accepted by all,
// declined, withdrawn, or the game moves on (any action that is not history-neutral); its time
// window is judged against a `now` the caller passes, from a recorded time.
import type { LoggedAction } from './log-entry';
import { isHistoryNeutral } from './neutral-events';

/** How a request stands by the log; `expired` is added by `takebackStatus` from the time. */
export type TakebackOutcome = 'open' | 'accepted' | 'declined' | 'withdrawn' | 'moved-on';

export interface TakebackRequest {
  requestId: number;
  seat: number;
  actionIds: string[];
  backTo: number;
  requestedAt: number;
  expiresAt: number;
  /** Seats that accepted, in the order they did. */
  accepted: number[];
  outcome: TakebackOutcome;
  /** The seat that declined or withdrew it. */
  by?: number;
}

export type TakebackStatus = TakebackOutcome | 'expired';

/** How `request` stands at `now` (milliseconds since the epoch). */
export const takebackStatus = (request: TakebackRequest, now: number): TakebackStatus =>
  request.outcome === 'open' && now >= request.expiresAt ? 'expired' : request.outcome;

export class TakebackLedger {
  /** The latest request in the log (only one is ever open). */
  last: TakebackRequest | null = null;
  /** Actions undone by an accepted takeback: the group took them back, one seat does not redo them. */
  readonly takenBack = new Set<string>();

  observe(logged: LoggedAction): void {
    let answered = false;
    let neutral = true;
    for (const { event } of logged.entries) {
      if (!isHistoryNeutral(event.type)) neutral = false;
      const last = this.last;
      switch (event.type) {
        case 'TakebackRequested':
          this.last = {
            requestId: event.data.requestId,
            seat: event.data.seat,
            actionIds: event.data.actionIds.slice(),
            backTo: event.data.backTo,
            requestedAt: event.data.requestedAt,
            expiresAt: event.data.expiresAt,
            accepted: [],
            outcome: 'open',
          };
          break;
        case 'TakebackAccepted':
          if (last?.requestId === event.data.requestId) last.accepted.push(event.data.seat);
          break;
        case 'TakebackDeclined':
        case 'TakebackWithdrawn':
          if (last?.requestId === event.data.requestId) {
            last.outcome = event.type === 'TakebackDeclined' ? 'declined' : 'withdrawn';
            last.by = event.data.seat;
          }
          break;
        case 'ActionUndone':
          if (event.data.takeback === undefined) break;
          answered = true;
          this.takenBack.add(event.data.actionId);
          if (last?.requestId === event.data.takeback) last.outcome = 'accepted';
          break;
        default:
          break;
      }
    }
    // Any other action (a play, an undo, a redo) changes what the request would take back.
    if (!neutral && !answered && this.last?.outcome === 'open') this.last.outcome = 'moved-on';
  }
}
