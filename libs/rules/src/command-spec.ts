import type { PlayCommand } from './commands';
import type { PlayDecision } from './decision';
import type { CharacterState, GameState, PendingState, PlayerShipState } from './state';

/** What a command type's candidates are drawn from: the state and the seat that would send them. */
export interface CandidateContext {
  state: GameState;
  seat: number;
  /** The seat's character. */
  character: CharacterState | undefined;
  /** The ship the seat's character is aboard. */
  own: PlayerShipState | undefined;
  /** The ships whose crew and decks the seat's orders may name: its own, or every one when `wide`. */
  ships: readonly PlayerShipState[];
  /** Add ids of other seats' ships and made-up ones (tests look for refusals with them). */
  wide: boolean;
}

/**
 * How the decider treats one command type: who may send it and when, its own rules, the rule
 * ids those rules can refuse it with, and the commands of its type a seat could send now.
 */
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
  /**
   * A command that stands for several (a navigation action that opens its own order): the
   * commands it stands for, decided one after another, each through the whole pipeline, as one
   * action (their events in order; refused whole when any is refused). Undefined, or no `parts`,
   * when the command stands for itself.
   */
  parts?(command: C): PlayCommand[] | undefined;
  /**
   * Every rule id `decide` can refuse the command with, beyond the pipeline's (PIPELINE_RULES):
   * the OpenAPI document lists them, and a spec that drives the rules checks both ways.
   */
  rules: readonly string[];
  /**
   * The commands of this type worth trying now, parameters enumerated where they are finite
   * (legalCommands keeps those the rules accept). Richer combinations may be legal too.
   */
  candidates(context: CandidateContext): C[];
}

export type CommandSpecs<C extends { type: string }> = {
  [K in C['type']]: CommandSpec<Extract<C, { type: K }>>;
};
