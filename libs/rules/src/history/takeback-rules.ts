// [D §11] takebacks by consent (standard mode): what a seat may ask to take back, and who may
// answer. Pure functions of the effective history and the latest request; RULES.md lists the
// refusals in the order they are checked.
import { RuleViolation } from '../errors';
import { seatRefusal } from '../seat-may-act';
import type { GameState } from '../state';
import type { HistoryAction } from './history-action';
import { takebackStatus, type TakebackRequest } from './takeback-ledger';

/** How long a request stays open unless the game moves on first: long enough to read and answer. */
export const TAKEBACK_WINDOW_MS = 10 * 60 * 1000;

/** What the rules read of a game's history. */
export interface TakebackHistory {
  readonly state: GameState;
  readonly effectiveActions: readonly HistoryAction[];
  readonly takeback: TakebackRequest | null;
}

/** An effective action a request may name as the first to take back. */
export interface TakebackCandidate {
  actionId: string;
  seat: number;
  /** Revision of its first event. */
  revision: number;
  /** Its first event's type. */
  firstEventType: string;
}

/**
 * The effective actions a request may reach back to, the latest first: down from the top until
 * the first that revealed randomness or hidden information, started this round (it holds the
 * previous round's end), or is the system's (the game's creation or fork).
 */
export function takebackCandidates(history: TakebackHistory): TakebackCandidate[] {
  const candidates: TakebackCandidate[] = [];
  const effective = history.effectiveActions;
  for (let at = effective.length - 1; at >= 0; at--) {
    const action = effective[at] as HistoryAction;
    if (barrier(action) !== null || action.seat === null) break;
    candidates.push({ actionId: action.actionId, seat: action.seat, revision: action.firstIndex, firstEventType: action.entries[0]?.event.type ?? '' });
  }
  return candidates;
}

/** What stops a request at an action: the rule it breaks and the text the refusal says. */
const BARRIERS = {
  creation: ['takeback.nothing-to-take-back', 'The game’s creation is never taken back'],
  revealed: ['takeback.revealed', 'An action on the way back rolled dice, drew or showed hidden information: it cannot be taken back'],
  roundStart: ['takeback.past-round-start', 'A takeback never goes past the start of the round'],
} as const;

/**
 * Why a request may not go past `action`, or null. A key, not the refusal itself: the board
 * view lists candidates after every command and builds no error for the one it stops at.
 */
function barrier(action: HistoryAction): keyof typeof BARRIERS | null {
  if (action.seat === null) return 'creation';
  if (action.revealing) return 'revealed';
  if (action.entries.some((e) => e.event.type === 'RoundEnded')) return 'roundStart';
  return null;
}

/** The general refusals a takeback command meets, after the seat's. */
function generalRefusal(history: TakebackHistory, seat: number): RuleViolation | null {
  const refusal = seatRefusal(history.state, seat);
  if (refusal) return refusal;
  if (history.state.mode === 'sandbox') return new RuleViolation('takeback.sandbox', 'In sandbox mode any seat undoes anything: send Undo');
  return null;
}

/** The actions `seat` would take back by asking for `actionId` (the latest first), or why it may not ask. */
export function takebackRequestRefusal(history: TakebackHistory, seat: number, actionId: string, now: number): RuleViolation | HistoryAction[] {
  const general = generalRefusal(history, seat);
  if (general) return general;
  const state = history.state;
  if (state.seats.length < 2) return new RuleViolation('takeback.no-one-to-ask', 'There is no other seat to ask: a takeback needs another seat’s consent');
  const open = history.takeback;
  if (open && takebackStatus(open, now) === 'open') {
    return new RuleViolation('takeback.already-open', `Seat ${open.seat}’s request ${open.requestId} is still open: one request at a time`);
  }
  const effective = history.effectiveActions;
  let at = effective.length - 1;
  while (at >= 0 && effective[at]?.actionId !== actionId) at--;
  if (at < 0) return new RuleViolation('takeback.unknown-action', `No action ${actionId} is in the game’s effective history`);
  const actions: HistoryAction[] = [];
  for (let i = effective.length - 1; i >= at; i--) {
    const action = effective[i] as HistoryAction;
    const refusal = barrier(action);
    if (refusal) return new RuleViolation(BARRIERS[refusal][0], BARRIERS[refusal][1]);
    actions.push(action);
  }
  return actions;
}

/** The open request `requestId` as `seat` may answer (or withdraw) it now, or why not. */
export function takebackAnswerRefusal(
  history: TakebackHistory,
  seat: number,
  requestId: number,
  now: number,
  answer: 'answer' | 'withdraw',
): RuleViolation | TakebackRequest {
  const general = generalRefusal(history, seat);
  if (general) return general;
  const request = history.takeback;
  if (!request || request.requestId !== requestId) return new RuleViolation('takeback.unknown-request', `There is no takeback request ${requestId} to answer`);
  const status = takebackStatus(request, now);
  if (status === 'expired' || status === 'moved-on') {
    return new RuleViolation('takeback.expired', status === 'expired' ? 'The request’s time ran out' : 'The game moved on since the request');
  }
  if (status !== 'open') return new RuleViolation('takeback.closed', `The request was already ${status}`);
  if (answer === 'withdraw') {
    if (request.seat !== seat) return new RuleViolation('takeback.not-your-request', `Only seat ${request.seat}, who asked, may withdraw it`);
    return request;
  }
  if (request.seat === seat) return new RuleViolation('takeback.own-request', 'A seat does not answer its own request (withdraw it instead)');
  if (request.accepted.includes(seat)) return new RuleViolation('takeback.already-answered', `Seat ${seat} has already accepted this request`);
  return request;
}

/** The seats still to answer `request`. */
export const takebackWaitingFor = (state: GameState, request: TakebackRequest): number[] =>
  state.seats.map((s) => s.seat).filter((seat) => seat !== request.seat && !request.accepted.includes(seat));

/** The end of a request's window, from the time it was decided. */
export const takebackExpiry = (now: number): number => now + TAKEBACK_WINDOW_MS;

/** What the board view says of takebacks: the latest request and what a new one may reach back to. */
export interface TakebackView {
  /** The latest request, as the log stands ('open' lasts until `expiresAt` at most), with the seats still to answer. */
  request: (TakebackRequest & { waitingFor: number[] }) | null;
  /** The actions a request may name now, the latest first (none while a request is open or the game is over). */
  candidates: TakebackCandidate[];
}

/**
 * The takeback part of the board view; null where takebacks do not apply (sandbox, one seat) or
 * there is nothing to say (no request yet, nothing a request could reach), as a past view says.
 */
export function takebackView(history: TakebackHistory): TakebackView | null {
  const state = history.state;
  if (state.mode === 'sandbox' || state.seats.length < 2) return null;
  const last = history.takeback;
  const request = last ? { ...structuredClone(last), waitingFor: last.outcome === 'open' ? takebackWaitingFor(state, last) : [] } : null;
  const open = last?.outcome === 'open';
  const candidates = open || state.status !== 'active' ? [] : takebackCandidates(history);
  return request || candidates.length > 0 ? { request, candidates } : null;
}
