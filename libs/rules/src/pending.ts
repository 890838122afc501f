// [D] One thing pending at a time: a response window or choice opened while another is pending
// waits in `pendingQueue` and opens, in order, when the one before it closes. Applier helpers.
import type { GameState, PendingState } from './state';

export function openPending(state: GameState, pending: PendingState): void {
  if (state.pending) state.pendingQueue.push(pending);
  else state.pending = pending;
}

export function closePending(state: GameState): void {
  state.pending = state.pendingQueue.shift() ?? null;
}
