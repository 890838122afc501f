// What a bot is given and may answer: the bots and their strategies (greedy.ts) share these
// types, and bots.ts builds every strategy, so they live apart from both.
import type { GameState, PlayCommand, Rng } from '@logbook/rules';

/** What a bot may send: any play command (never CreateGame, never Undo or Redo). */
export type { PlayCommand };

export interface BotTurn {
  state: GameState;
  seat: number;
  /** The commands the seat may send now, less those already refused (computed when first read). */
  readonly legal: PlayCommand[];
  /** The bot's own seeded source: the same seed makes the same choices. */
  rng: Rng;
  /** Actions accepted so far in the game: what was refused before the last one may be legal now. */
  played: number;
}
