import type { DomainEvent } from '../event';
import type { Hex } from '../hex';
import type { CarriedNote } from '../notes/notes.events';
import type { GameMode, GameState } from '../state';

/**
 * What every seat sees of the board a fork starts from, in the clear: the scenario it plays, the
 * clock's position, the placed tiles' hexes, storms and ships. Read models that must not open the
 * sealed state (analytics) fold a fork from this. Forks recorded before it was kept lack it.
 */
export interface ForkedBoard {
  scenario: { id: string; name: string; clueGoal: number };
  round: number;
  act: number;
  clues: number;
  storms: Hex[];
  /** Covered hexes and the placed tile covering each (placed tiles are face up). */
  covered: Array<{ q: number; r: number; tileId: string }>;
  ships: Array<{ shipId: string; hex: Hex }>;
}

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
    /** The public face of the starting board (optional: absent from older forks). */
    board?: ForkedBoard;
    /** [D] The source's notes on revisions up to the fork's (absent when there were none): shown at the fork's revision 0. */
    notes?: CarriedNote[];
  },
  { state: GameState }
>;

export type ForkEvent = GameForked;
