// What of the characters, hands and ships a viewer may see [D §11]: hand cards only for the own
// seat, plunder only as a count until the scenario ends, the box and deck order never.
import type { FeatDefinition, Die, Skill } from '../scenario';
import type { CrewState, EnemyOnDeck, GameState } from '../state';
import { isGameOver, type Viewer } from '../view';
import type { Facing, Hex } from '../hex';

// The view types are spelled out field by field, not derived from the state types: a field added
// to the state (perhaps a hidden one) must never reach a viewer just because it exists.
export interface CharacterView {
  characterId: string;
  name: string;
  seat: number | null;
  skills: Partial<Record<Skill, Die>>;
  feats: FeatDefinition[];
  handSize: number;
  handCount: number;
  /** Only for the character's own seat (everyone once the scenario is over). */
  hand?: string[];
  deckCount: number;
  /** The discard pile is public: every card in it was revealed on its way there. */
  discard: string[];
  shipId: string | null;
  hex: Hex;
  followShip: boolean;
  conditions: string[];
}

export interface ShipView {
  shipId: string;
  cardId: string;
  name: string;
  class: string;
  hex: Hex;
  facing: Facing;
  wrecked: boolean;
  /** [S] a wrecked ship is face down. */
  faceUp: boolean;
  anchored: boolean;
  /** [S] a count; the cards only once the scenario is over ("no one may see which card it is until the scenario ends"). */
  plunder: { count: number; cards?: string[] };
  nodes: string[];
  crew: CrewState[];
  enemiesOnDeck: EnemyOnDeck[];
}

export interface PartyView {
  characters: CharacterView[];
  ships: ShipView[];
  /** The party's loot (after a win). */
  loot: string[];
}

export interface PartyViewOptions {
  /** Show hidden cards to everyone; by default once the scenario is over. */
  reveal?: boolean;
}

export function partyView(state: GameState, viewer: Viewer, options: PartyViewOptions = {}): PartyView {
  const over = options.reveal ?? isGameOver(state.status);
  return {
    characters: Object.values(state.characters).map((c) => ({
      characterId: c.characterId,
      name: c.name,
      seat: c.seat,
      skills: { ...c.skills },
      feats: c.feats.map((f) => ({ ...f })),
      handSize: c.handSize,
      handCount: c.hand.length,
      ...(over || (viewer !== null && viewer === c.seat) ? { hand: [...c.hand] } : {}),
      deckCount: c.deck.length,
      discard: [...c.discard],
      shipId: c.shipId,
      hex: { ...c.hex },
      followShip: c.followShip,
      conditions: [...c.conditions],
    })),
    ships: Object.values(state.ships).map((s) => ({
      shipId: s.shipId,
      cardId: s.cardId,
      name: s.name,
      class: s.class,
      hex: { ...s.hex },
      facing: s.facing,
      wrecked: s.wrecked,
      faceUp: !s.wrecked,
      anchored: s.anchored,
      plunder: over ? { count: s.plunder.length, cards: [...s.plunder] } : { count: s.plunder.length },
      nodes: [...s.nodes],
      crew: s.crew.map((c) => ({ ...c, traits: [...c.traits] })),
      enemiesOnDeck: s.enemiesOnDeck.map((e) => ({ ...e })),
    })),
    loot: [...state.loot],
  };
}
