import type { DomainEvent } from '../event';
import type { GameMode, GameState } from '../state';

/**
 * A game started from another game's board at a revision. The board it starts from is the
 * event's sealed secret: it holds hidden parts (the stack, decks, hands, plunder) and stays
 * hidden even once the fork is over, since those are (or came from) the source game's secrets.
 */
export type GameForked = DomainEvent<
  'GameForked',
  {
    gameId: string;
    source: { gameId: string; revision: number };
    mode: GameMode;
    seats: Array<{ seat: number; name: string; characterId: string }>;
    /** [D] what was still hidden was dealt again, so the fork cannot scout its source. */
    reshuffled: boolean;
  },
  { state: GameState }
>;

export type ForkEvent = GameForked;
