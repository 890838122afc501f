// Test kit for board and navigation rules: "the first voyage's ships, cards and characters, on
// an open sea drawn for the test". Keeps every given/when/then short and its board explicit.
import type { GameCommand } from '../../commands';
import { decide } from '../../decide';
import type { GameEvent } from '../../events';
import { foldEvents } from '../../evolve';
import { hexDistance, type Facing, type Hex } from '../../hex';
import { seededRng } from '../../random';
import type { CrewDefinition, EnemyShipDefinition, PlayerShipDefinition, ScenarioDefinition, Terrain, TileDefinition } from '../../scenario';
import { firstVoyage, setupEvents, type SetupOptions } from '../../testing/fixtures';

export const NAVIGATOR: CrewDefinition = { crewId: 'marta', name: 'Marta Reed', traits: ['SAILOR'], node: 'navigation-1' };
export const LOOKOUT: CrewDefinition = { crewId: 'pell', name: 'Pell', traits: ['LOOKOUT'], node: 'crows-nest' };
export const WAYFINDER_CREW: CrewDefinition = { crewId: 'iona', name: 'Iona', traits: ['WAYFINDER'], node: null };

/** Terrain overrides keyed "q,r" on an open sea disc around (0,0). */
export type Chart = Record<string, Terrain>;

/** One starting tile: every hex within `radius` of (0,0) is sea unless the chart says otherwise. */
export const openSeaTile = (chart: Chart = {}, radius = 3): TileDefinition => {
  const hexes: TileDefinition['hexes'] = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = -radius; r <= radius; r++) {
      if (hexDistance({ q, r }, { q: 0, r: 0 }) <= radius) hexes.push({ q, r, terrain: chart[`${q},${r}`] ?? 'sea' });
    }
  }
  return { tileId: 'open-sea', act: 1, clues: 0, hexes };
};

/**
 * A stack tile shaped like the first voyage's: a flower around (0,-1) whose south petal is the
 * anchor, so at rotation r it reaches away from the anchor in direction r.
 */
export const stackTile = (tileId: string, act: 1 | 2 | 3, clues: number, terrain: Partial<Record<string, Terrain>> = {}): TileDefinition => ({
  tileId,
  act,
  clues,
  hexes: [
    [0, 0],
    [0, -1],
    [0, -2],
    [1, -2],
    [1, -1],
    [-1, 0],
    [-1, -1],
  ].map(([q, r]) => ({ q, r, terrain: terrain[`${q},${r}`] ?? 'sea' })),
});

export interface SeaOptions {
  chart?: Chart;
  radius?: number;
  storms?: Hex[];
  /** The commanded ship 'gull' (Ysolde and the other characters aboard). */
  ship?: { hex?: Hex; facing?: Facing; anchored?: boolean; crew?: CrewDefinition[]; card?: string };
  /** More player ships (no character aboard unless `characters` says so). */
  otherShips?: PlayerShipDefinition[];
  enemyShips?: EnemyShipDefinition[];
  stack?: TileDefinition[];
  tweak?: (scenario: ScenarioDefinition) => void;
}

export const sea = (options: SeaOptions = {}): ScenarioDefinition => {
  const scenario = firstVoyage();
  const stack = options.stack ?? [];
  scenario.tiles = [openSeaTile(options.chart, options.radius), ...stack];
  scenario.startingTiles = [{ tileId: 'open-sea', anchor: { q: 0, r: 0 }, rotation: 0 }];
  scenario.stack = stack.map((t) => t.tileId);
  // A designed sea: the stack is drawn in the order given (specs name the tile they expect).
  scenario.stackOrder = 'as-listed';
  scenario.storms = options.storms ?? [];
  const ship = options.ship ?? {};
  scenario.playerShips = [
    {
      shipId: 'gull',
      card: ship.card ?? 'gull',
      hex: ship.hex ?? { q: 0, r: 0 },
      facing: ship.facing ?? 0,
      anchored: ship.anchored ?? false,
      crew: ship.crew ?? [NAVIGATOR, LOOKOUT],
    },
    ...(options.otherShips ?? []),
  ];
  scenario.enemyShips = options.enemyShips ?? [];
  options.tweak?.(scenario);
  return scenario;
};

/** The events of a new game on that sea. */
export const atSea = (options: SeaOptions = {}, setup: SetupOptions = {}): GameEvent[] => setupEvents(sea(options), setup);

/** Decides the commands one after another (each by the seat whose turn it is) and returns the whole log. */
export const play = (events: GameEvent[], ...commands: GameCommand[]): GameEvent[] => {
  const log = [...events];
  let state = foldEvents(log);
  for (const command of commands) {
    const decided = decide(state, command, { seat: state.turn?.seat ?? null, rng: seededRng(log.length) });
    log.push(...decided);
    state = foldEvents(decided, state);
  }
  return log;
};

export const start: GameCommand = { type: 'StartNavigation' };
export const move: GameCommand = { type: 'MoveShip' };
export const cw: GameCommand = { type: 'TurnShip', direction: 'cw' };
export const ccw: GameCommand = { type: 'TurnShip', direction: 'ccw' };
export const explore = (rotation?: Facing): GameCommand => (rotation === undefined ? { type: 'ExploreTile' } : { type: 'ExploreTile', rotation });
export const end: GameCommand = { type: 'EndNavigation' };
export const endTurn: GameCommand = { type: 'EndTurn' };

export const ofType = <T extends GameEvent['type']>(events: GameEvent[], type: T) =>
  events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
