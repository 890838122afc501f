// The command path's benchmark workload: a hex-navigation game written as an inline Logbook scenario. One seat
// sails a ship round a ring of sea hexes: each turn is ten Navigation orders (StartNavigation,
// nine one-point MoveShip/TurnShip actions, EndNavigation) and EndTurn. Nothing is random after
// set-up, nothing is explored, nothing spawns, so every command of the script is accepted and
// the same script runs in process and over HTTP.
import type { ScenarioDefinition } from '@logbook/rules';

const ring = (radius: number) => {
  const hexes: Array<{ q: number; r: number; terrain: 'sea' }> = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) {
      hexes.push({ q, r, terrain: 'sea' });
    }
  }
  return hexes;
};

const ORDERS_PER_TURN = 10;
/** StartNavigation, nine moves and turns, EndNavigation. */
const ORDER_LENGTH = 11;
const MOVES_PER_ORDER = ORDER_LENGTH - 2;

const noCheck = { steps: [{ options: [{ skills: ['Strength'], difficulty: 4 }] }] };

/** Eight navigators: a Navigation order has 9 points, all spent on moves and turns. Ten orders a turn. */
export const hexNavigationScenario = (): ScenarioDefinition =>
  ({
    id: 'bench-hex-navigation',
    name: 'Bench: hex navigation',
    ordersPerTurn: ORDERS_PER_TURN,
    actThresholds: { act2: 1, act3: 1 },
    clueGoal: 1,
    blessings: 1000,
    tiles: [
      { tileId: 'sound', act: 1, clues: 0, hexes: ring(2) },
      { tileId: 'far-reef', act: 1, clues: 1, hexes: [{ q: 0, r: 0, terrain: 'sea' }] },
    ],
    startingTiles: [{ tileId: 'sound', anchor: { q: 0, r: 0 }, rotation: 0 }],
    stack: ['far-reef'],
    storms: [],
    shipCards: [
      {
        cardId: 'cutter',
        name: 'The Cutter',
        class: 'Sloop',
        defeat: noCheck,
        repair: noCheck,
        powers: {},
        deck: { navigation: 8, artillery: 0, blank: 0 },
      },
    ],
    playerShips: [
      {
        shipId: 'cutter',
        card: 'cutter',
        hex: { q: 0, r: 0 },
        facing: 0,
        crew: Array.from({ length: 8 }, (_, i) => ({ crewId: `hand-${i + 1}`, name: `Hand ${i + 1}`, traits: ['SAILOR'], node: `navigation-${i + 1}` })),
      },
    ],
    enemyShips: [],
    enemyShipPool: [],
    enemyPool: [],
    cards: [{ cardId: 'rope', name: 'Rope', type: 'item', powers: {} }],
    box: [],
    characters: [
      {
        characterId: 'pilot',
        name: 'The Pilot',
        skills: { Strength: 'd6', Dexterity: 'd6', Constitution: 'd6', Intelligence: 'd6', Wisdom: 'd6', Charisma: 'd6' },
        feats: [],
        deck: ['rope'],
        handSize: 1,
        aboard: 'cutter',
      },
    ],
    altarCheck: noCheck,
  }) as unknown as ScenarioDefinition;

export type ScriptCommand =
  { type: 'StartNavigation' } | { type: 'MoveShip' } | { type: 'TurnShip'; direction: 'cw' } | { type: 'EndNavigation' } | { type: 'EndTurn' };

/** Commands per turn of the script (ten orders of eleven commands, and EndTurn). */
export const SCRIPT_TURN_LENGTH = ORDERS_PER_TURN * ORDER_LENGTH + 1;

/**
 * The i-th command of a game's script (i from 0). Moves and turns alternate, clockwise, so
 * the ship goes round the six hexes about (1,-1) and never leaves the sound.
 */
export function scriptCommand(i: number): ScriptCommand {
  const turn = Math.floor(i / SCRIPT_TURN_LENGTH);
  const k = i % SCRIPT_TURN_LENGTH;
  if (k === SCRIPT_TURN_LENGTH - 1) return { type: 'EndTurn' };
  const order = turn * ORDERS_PER_TURN + Math.floor(k / ORDER_LENGTH);
  const j = k % ORDER_LENGTH;
  if (j === 0) return { type: 'StartNavigation' };
  if (j === ORDER_LENGTH - 1) return { type: 'EndNavigation' };
  const step = order * MOVES_PER_ORDER + (j - 1);
  return step % 2 === 0 ? { type: 'MoveShip' } : { type: 'TurnShip', direction: 'cw' };
}

/**
 * Set-up stashes a plunder card under the ship; a rolled 6 waits for the seat to choose its
 * type. Sent once after creating a game (refused, and ignored, when nothing waits).
 */
export const SETUP_RESPONSE = { type: 'ChoosePlunderType', cardType: 'item' } as const;
