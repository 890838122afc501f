// A Decision is one command being decided. Emitting an event applies it at once to a private
// working copy of the state, so chained rules (a move that enters an altar tile, damage that
// wrecks a ship) always see the state as it is after what was already decided.
import { applyEvent } from './evolve';
import { deepFreeze } from './freeze';
import type { GameEvent } from './events';
import type { Rng } from './random';
import { cloneState, type GameState } from './state';

export class Decision {
  readonly events: GameEvent[] = [];
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
