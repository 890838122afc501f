// The scenario document: everything a game starts from. Built-in scenarios live in libs/content;
// clients may also post one inline. It is copied into the GameCreated event so a game's stream
// is self-contained (replay, fork and export never depend on today's content files).
import type { Facing, Hex, Rotation } from './hex';

export type Terrain = 'sea' | 'rough' | 'port' | 'shipwreck' | 'island' | 'altar';
export const TERRAINS: readonly Terrain[] = ['sea', 'rough', 'port', 'shipwreck', 'island', 'altar'];
/** [D] ships may stand on water, ports and shipwrecks; islands and altars are land. */
export const ENTERABLE_TERRAINS: readonly Terrain[] = ['sea', 'rough', 'port', 'shipwreck'];

export type CardType = 'weapon' | 'spell' | 'armor' | 'item' | 'ally' | 'blessing';
export const CARD_TYPES: readonly CardType[] = ['weapon', 'spell', 'armor', 'item', 'ally', 'blessing'];

export type Skill = 'Strength' | 'Dexterity' | 'Constitution' | 'Intelligence' | 'Wisdom' | 'Charisma';
export const SKILLS: readonly Skill[] = ['Strength', 'Dexterity', 'Constitution', 'Intelligence', 'Wisdom', 'Charisma'];
export type Die = 'd4' | 'd6' | 'd8' | 'd10' | 'd12';
export const DICE: readonly Die[] = ['d4', 'd6', 'd8', 'd10', 'd12'];

/** One option of a check step: any of the named skills or feats, against a difficulty. */
export interface CheckOptionDefinition {
  /** e.g. ['Strength', 'Melee'] for "Strength/Melee 8". */
  skills: string[];
  difficulty: number;
}
/** [S] a step lists options joined by OR; a check's steps are joined by THEN. */
export interface CheckStepDefinition {
  options: CheckOptionDefinition[];
}
export interface CheckDefinition {
  steps: CheckStepDefinition[];
}

export interface TileHexDefinition extends Hex {
  terrain: Terrain;
  /** [D, Everrain] an enemy ship spawns here when an act ends, once discovered. */
  enemyShipSpawn?: boolean;
  /** Check to purge this altar; falls back to the scenario's altarCheck. */
  altarCheck?: CheckDefinition;
}

export interface TileDefinition {
  tileId: string;
  name?: string;
  /** [N] the back of a tile shows its act and its clue number. */
  act: 1 | 2 | 3;
  clues: number;
  /** Offsets from the anchor (0,0) at rotation 0. */
  hexes: TileHexDefinition[];
}

export interface PlacedTileDefinition {
  tileId: string;
  anchor: Hex;
  rotation: Rotation;
}

export interface ShipPowers {
  reduceStructuralDamage?: number;
  increaseStructuralDamage?: number;
  cannotBeSeized?: boolean;
}

/** [N] a ship's deck of nodes: Navigation Nodes, one Crow's Nest, Artillery Nodes, blank nodes. */
export interface ShipDeckDefinition {
  navigation: number;
  artillery: number;
  blank: number;
}

export interface ShipCardDefinition {
  cardId: string;
  name: string;
  class: string;
  defeat: CheckDefinition;
  repair: CheckDefinition;
  powers: ShipPowers;
  deck: ShipDeckDefinition;
}

export interface CrewDefinition {
  crewId: string;
  name: string;
  traits: string[];
  /** Node id (see nodeIds in ship.ts) or null when not manning a node. */
  node: string | null;
}

export interface PlayerShipDefinition {
  shipId: string;
  card: string;
  hex: Hex;
  facing: Facing;
  anchored?: boolean;
  crew: CrewDefinition[];
}

export interface EnemyShipDefinition {
  enemyShipId: string;
  card: string;
  hex: Hex;
  facing?: Facing;
}

/** An enemy that can spawn On Deck of a player ship. */
export interface EnemyDefinition {
  enemyId: string;
  name: string;
  check: CheckDefinition;
}

export interface CardPowers {
  /** A boon adds one die of this size to a check. */
  addDie?: Die;
  reduceStructuralDamage?: number;
  /** [S] reduces damage to characters only; never structural damage. */
  reduceCharacterDamage?: number;
  /** [S] lets the holder seize a ship it defeats. */
  maySeize?: boolean;
}

export interface CardDefinition {
  cardId: string;
  name: string;
  type: CardType;
  powers: CardPowers;
}

export interface FeatDefinition {
  /** e.g. 'Acrobatics' */
  name: string;
  skill: Skill;
  bonus: number;
}

export interface CharacterDefinition {
  characterId: string;
  name: string;
  skills: Partial<Record<Skill, Die>>;
  feats: FeatDefinition[];
  /** Card ids, in the order the deck starts before its setup shuffle. */
  deck: string[];
  handSize: number;
  /** The ship it starts aboard, or null to start at `hex`. */
  aboard: string | null;
  hex?: Hex;
  conditions?: string[];
}

export interface ScenarioDefinition {
  id: string;
  name: string;
  description?: string;
  /** [N] standard orders per turn; [D] default 3. */
  ordersPerTurn: number;
  /** [D] clue totals that start act 2 and act 3. */
  actThresholds: { act2: number; act3: number };
  /** [D] the party wins when its clue total reaches this. */
  clueGoal: number;
  /** [S] the blessings deck: the clock. */
  blessings: number;
  tiles: TileDefinition[];
  startingTiles: PlacedTileDefinition[];
  /** [N] the unplaced stack in order, grouped by act (hidden from players). */
  stack: string[];
  /**
   * [D] 'shuffled' (default): each act's tiles are shuffled at setup. 'as-listed': the stack is
   * drawn in the listed order (a designed scenario or a tutorial).
   */
  stackOrder?: 'shuffled' | 'as-listed';
  storms: Hex[];
  shipCards: ShipCardDefinition[];
  playerShips: PlayerShipDefinition[];
  enemyShips: EnemyShipDefinition[];
  enemyPool: EnemyDefinition[];
  /** Enemy ship cards that spawn on spawn hexes when an act ends. */
  enemyShipPool: string[];
  cards: CardDefinition[];
  /** Card ids in the box (plunder is drawn from here). */
  box: string[];
  characters: CharacterDefinition[];
  altarCheck: CheckDefinition;
}
