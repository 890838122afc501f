import type { DomainEvent } from '../event';
import type { Hex } from '../hex';

/** [S] cards drawn into a hand: the ids only the drawing seat may see. */
export type CardsDrawn = DomainEvent<'CardsDrawn', { characterId: string; count: number; reason: 'opening-hand' | 'reset-hand' }, { cards: string[] }>;

/** [D §8] damage to a character: discard that many cards from hand; armor played first. */
export type CharacterDamaged = DomainEvent<
  'CharacterDamaged',
  {
    characterId: string;
    source: string;
    dealt: number;
    /** A card with reduceCharacterDamage played against it (revealed, then discarded). */
    armor: string | null;
    reducedBy: number;
    /** The cards discarded, drawn at random from the hand (revealed by going to the discard). */
    discarded: string[];
  }
>;

export type CharacterEmbarked = DomainEvent<'CharacterEmbarked', { characterId: string; shipId: string }>;
export type CharacterDisembarked = DomainEvent<'CharacterDisembarked', { characterId: string; shipId: string; hex: Hex }>;
/** [S] the standing choice to move with the commander when the ship moves. */
export type FollowShipSet = DomainEvent<'FollowShipSet', { characterId: string; follow: boolean }>;

export type CharacterEvent = CardsDrawn | CharacterDamaged | CharacterEmbarked | CharacterDisembarked | FollowShipSet;
