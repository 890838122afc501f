import type { PlayDecision } from './decision';
import type { PendingState } from './state';

/** How the decider treats one command type before its own rules run. */
export interface CommandSpec<C> {
  /**
   * 'active-seat': only the seat whose turn it is; 'any-seat': any seat of the game
   * (responses such as reducing structural damage).
   */
  actor: 'active-seat' | 'any-seat';
  /** Allowed while a Navigation order is open ([N] nothing else may happen inside one). */
  duringNavigation?: boolean;
  /** Pending kinds during which it is allowed (by default none: the game waits). */
  whilePending?: Array<PendingState['kind']>;
  decide(decision: PlayDecision, command: C): void;
}

export type CommandSpecs<C extends { type: string }> = {
  [K in C['type']]: CommandSpec<Extract<C, { type: K }>>;
};
