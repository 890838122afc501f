import type { DomainEvent } from '../event';
import type { GameMode } from '../state';
import type { CardType, ScenarioDefinition } from '../scenario';

/**
 * The scenario as everyone may see it: without the stack order, the faces of the tiles not yet
 * placed, the box and the decks. `tiles` holds only the starting tiles.
 */
export type PublicScenario = Omit<ScenarioDefinition, 'stack' | 'box' | 'characters'> & {
  characters: Array<Omit<ScenarioDefinition['characters'][number], 'deck'> & { deckSize: number }>;
  stackSize: number;
};

export type GameCreated = DomainEvent<
  'GameCreated',
  {
    gameId: string;
    mode: GameMode;
    seats: Array<{ seat: number; name: string; characterId: string; playerId?: string }>;
    scenario: PublicScenario;
  },
  {
    stack: string[];
    /** Definitions of the tiles in the unplaced stack: their faces are unseen until explored. */
    unplacedTiles: ScenarioDefinition['tiles'];
    box: Record<CardType, string[]>;
    /** Each character's deck after the setup shuffle, top first. */
    decks: Record<string, string[]>;
  }
>;

/** [D] each act's tiles shuffled at setup; the order is secret. */
export type TileStackShuffled = DomainEvent<'TileStackShuffled', { stackSize: number }, { stack: string[] }>;

export type SetupEvent = GameCreated | TileStackShuffled;
