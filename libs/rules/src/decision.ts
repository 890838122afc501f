// A Decision is one command being decided. Emitting an event applies it at once to a private
// working copy of the state, so chained rules (a move that enters an altar tile, damage that
// wrecks a ship) always see the state as it is after what was already decided.
import { applyEvent } from './evolve';
import { deepFreeze } from './freeze';
import type { GameEvent } from './events';
import { NO_PHASE_HOOKS, type PhaseHookTable } from './phase-hooks';
import type { Rng } from './random';
import { cloneState, type GameState } from './state';

export class Decision {
  readonly events: GameEvent[] = [];
  /** End-of-turn/round/scenario effects the turn flow runs (decide.ts sets the features' table). */
  hooks: PhaseHookTable = NO_PHASE_HOOKS;
  readonly state: GameState;

  constructor(
    state: GameState,
    /** The seat the command comes from; null for system commands such as CreateGame. */
    readonly seat: number | null,
    readonly rng: Rng,
  ) {
    this.state = cloneState(state);
  }

  emit(...events: GameEvent[]): void {
    for (const event of events) {
      // Frozen, so an applier that keeps a piece of an event in the state and changes it
      // later fails at once instead of quietly rewriting the log.
      deepFreeze(event);
      this.events.push(event);
      applyEvent(this.state, event);
    }
  }
}

/** A decision on a command a seat sent (every command but CreateGame): its seat is known. */
export type PlayDecision = Decision & { readonly seat: number };

export const isPlayDecision = (decision: Decision): decision is PlayDecision => decision.seat !== null;
