// boardgame.io's own move/turn workload, as Logbook plays it: a 20 × 10 hex sea where a hex is
// rough when (2q + r) % 5 = 0, two seats with a ship each (3 navigation points a turn: a ship card
// with two Navigation Nodes, both manned), 1,000 blessings and nothing at a turn's end but the
// clock. Each game's script comes from a mulberry32 generator seeded 20240601 + its index: when a
// move and a turn are both affordable, move with probability 0.6, else turn (clockwise or
// counter-clockwise, 50/50); end the turn when neither is. A move is affordable only onto the
// board and not onto the other ship. 100 games of 200 actions: 9,031 moves, 10,969 turns and
// 8,966 turn ends, which the bench checks. Every player action is one command; the first action
// of a turn sends StartNavigation before it, a turn's end sends EndNavigation then EndTurn.
import { neighbor, turnFacing, type Facing, type Hex, type ScenarioDefinition } from '@logbook/rules';

export const BGIO_GAMES = 100;
export const BGIO_ACTIONS_PER_GAME = 200;
/** What the scripts must add up to (boardgame.io's own counts for the same seeds). */
export const BGIO_EXPECTED = { moves: 9_031, turns: 10_969, turnEnds: 8_966, commands: 46_998 } as const;
/** Commands of the 100 scripts in one command per action (`oneCommandPerAction`): boardgame.io's calls. */
export const BGIO_ONE_PER_ACTION_COMMANDS = 28_966;

const WIDTH = 20;
const HEIGHT = 10;
/** Navigation points a turn. */
export const POINTS = 3;
export const onBoard = (hex: Hex) => hex.q >= 0 && hex.q < WIDTH && hex.r >= 0 && hex.r < HEIGHT;
const isRough = (hex: Hex) => (2 * hex.q + hex.r) % 5 === 0;

/** A move or a turn costs 1, or 2 when the ship starts or ends the action on a rough hex. */
export const moveCost = (ship: ShipPlace): number => {
  const ahead = neighbor(ship.hex, ship.facing);
  return isRough(ship.hex) || (onBoard(ahead) && isRough(ahead)) ? 2 : 1;
};
export const turnCost = (ship: ShipPlace): number => (isRough(ship.hex) ? 2 : 1);

/** The two ships at the start: {4,5} facing SE and {15,4} facing NW. */
export const START: ReadonlyArray<{ shipId: string; hex: Hex; facing: Facing }> = [
  { shipId: 'north', hex: { q: 4, r: 5 }, facing: 2 }, // SE
  { shipId: 'south', hex: { q: 15, r: 4 }, facing: 5 }, // NW
];

const noCheck = { steps: [{ options: [{ skills: ['Strength'], difficulty: 4 }] }] };

/** The board and the two ships, as an inline Logbook scenario. */
export const bgioScenario = (): ScenarioDefinition => {
  // A tile holds at most 37 hexes: the board is ten starting tiles of two columns each.
  const columns = Array.from({ length: WIDTH / 2 }, (_, k) => {
    const hexes: Array<{ q: number; r: number; terrain: 'sea' | 'rough' }> = [];
    for (let dq = 0; dq < 2; dq++) {
      for (let r = 0; r < HEIGHT; r++) hexes.push({ q: dq, r, terrain: isRough({ q: 2 * k + dq, r }) ? 'rough' : 'sea' });
    }
    return { tileId: `columns-${2 * k}-${2 * k + 1}`, act: 1, clues: 0, hexes, anchor: { q: 2 * k, r: 0 } };
  });
  return {
    id: 'bench-bgio-workload',
    name: "Bench: boardgame.io's move/turn workload",
    ordersPerTurn: 1,
    actThresholds: { act2: 1, act3: 1 },
    clueGoal: 1,
    blessings: 1000,
    tiles: [
      ...columns.map(({ tileId, act, clues, hexes }) => ({ tileId, act, clues, hexes })),
      { tileId: 'far-reef', act: 1, clues: 1, hexes: [{ q: 0, r: 0, terrain: 'sea' }] },
    ],
    startingTiles: columns.map(({ tileId, anchor }) => ({ tileId, anchor, rotation: 0 })),
    stack: ['far-reef'],
    storms: [],
    shipCards: START.map((s) => ({
      cardId: s.shipId,
      name: `The ${s.shipId}`,
      class: 'Sloop',
      defeat: noCheck,
      repair: noCheck,
      powers: {},
      deck: { navigation: 2, artillery: 0, blank: 0 },
    })),
    playerShips: START.map((s) => ({
      shipId: s.shipId,
      card: s.shipId,
      hex: s.hex,
      facing: s.facing,
      crew: [1, 2].map((n) => ({ crewId: `${s.shipId}-hand-${n}`, name: `Hand ${n}`, traits: ['SAILOR'], node: `navigation-${n}` })),
    })),
    enemyShips: [],
    enemyShipPool: [],
    enemyPool: [],
    cards: [{ cardId: 'rope', name: 'Rope', type: 'item', powers: {} }],
    box: [],
    characters: START.map((s) => ({
      characterId: `${s.shipId}-captain`,
      name: `Captain ${s.shipId}`,
      skills: { Strength: 'd6', Dexterity: 'd6', Constitution: 'd6', Intelligence: 'd6', Wisdom: 'd6', Charisma: 'd6' },
      feats: [],
      deck: ['rope'],
      handSize: 1,
      aboard: s.shipId,
    })),
    altarCheck: noCheck,
  } as unknown as ScenarioDefinition;
};

export type BgioCommand =
  | { type: 'StartNavigation' }
  | { type: 'MoveShip'; startNavigation?: true }
  | { type: 'TurnShip'; direction: 'cw' | 'ccw'; startNavigation?: true }
  | { type: 'EndNavigation'; endTurn?: true }
  | { type: 'EndTurn' };

/** One command of a script: which seat (index 0 or 1) sends it, and whether it is a move/turn action. */
export interface ScriptStep {
  seat: 0 | 1;
  command: BgioCommand;
  action: boolean;
}

/** mulberry32, as boardgame.io's workload seeds it. */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where a ship stands and faces. */
export interface ShipPlace {
  hex: Hex;
  facing: Facing;
}

/** Game `index`'s script: its 200 move/turn actions and the navigation and turn commands around them. */
export const bgioScript = (index: number): ScriptStep[] => play(index).steps;

/** Where game `index`'s two ships stand once its script has been played (boardgame.io's run is checked against it). */
export const bgioScriptEnd = (index: number): ShipPlace[] => play(index).ships;

function play(index: number): { steps: ScriptStep[]; ships: ShipPlace[] } {
  const random = mulberry32(20240601 + index);
  const ships: ShipPlace[] = START.map((s) => ({ hex: s.hex, facing: s.facing }));
  const steps: ScriptStep[] = [];
  let seat: 0 | 1 = 0;
  let points = POINTS;
  let actions = 0;
  let open = false;
  const act = (command: BgioCommand) => {
    if (!open) steps.push({ seat, command: { type: 'StartNavigation' }, action: false });
    open = true;
    steps.push({ seat, command, action: true });
    actions += 1;
  };
  while (actions < BGIO_ACTIONS_PER_GAME) {
    const ship = ships[seat];
    const ahead = neighbor(ship.hex, ship.facing);
    const other = ships[1 - seat].hex;
    const move = moveCost(ship);
    const turn = turnCost(ship);
    const canMove = onBoard(ahead) && !(ahead.q === other.q && ahead.r === other.r) && move <= points;
    const canTurn = turn <= points;
    if (canMove && canTurn && random() < 0.6) {
      points -= move;
      ship.hex = ahead;
      act({ type: 'MoveShip' });
    } else if (canTurn) {
      const direction = random() < 0.5 ? 'cw' : 'ccw';
      points -= turn;
      ship.facing = turnFacing(ship.facing, direction);
      act({ type: 'TurnShip', direction });
    } else {
      steps.push({ seat, command: { type: 'EndNavigation' }, action: false }, { seat, command: { type: 'EndTurn' }, action: false });
      open = false;
      seat = seat === 0 ? 1 : 0;
      points = POINTS;
    }
  }
  return { steps, ships };
}

/**
 * The same script in one command per player action, as boardgame.io's client sends them (RULES.md,
 * navigation.own-order and navigation.end-with-turn): a turn's first move or turn opens the order
 * itself (`startNavigation`), and the turn ends with the order (`EndNavigation` with `endTurn`).
 * The same events in the same order; 28,966 commands for the 100 games, as boardgame.io's calls.
 */
export function oneCommandPerAction(script: readonly ScriptStep[]): ScriptStep[] {
  const out: ScriptStep[] = [];
  for (let i = 0; i < script.length; i++) {
    const step = script[i];
    const next = script[i + 1];
    if (step.command.type === 'StartNavigation' && (next?.command.type === 'MoveShip' || next?.command.type === 'TurnShip')) {
      out.push({ ...next, command: { ...next.command, startNavigation: true } });
      i += 1;
    } else if (step.command.type === 'EndNavigation' && next?.command.type === 'EndTurn') {
      out.push({ ...step, command: { type: 'EndNavigation', endTurn: true } });
      i += 1;
    } else {
      out.push(step);
    }
  }
  return out;
}

/** Game `index`'s script as written, or in one command per action. */
export const workloadScript = (index: number, onePerAction: boolean): ScriptStep[] =>
  onePerAction ? oneCommandPerAction(bgioScript(index)) : bgioScript(index);

/** Moves, turns, turn ends and commands over every game's script (the bench checks them against BGIO_EXPECTED). */
export function scriptCounts(scripts: ScriptStep[][]): { moves: number; turns: number; turnEnds: number; commands: number } {
  const counts = { moves: 0, turns: 0, turnEnds: 0, commands: 0 };
  for (const script of scripts) {
    for (const { command } of script) {
      counts.commands += 1;
      if (command.type === 'MoveShip') counts.moves += 1;
      else if (command.type === 'TurnShip') counts.turns += 1;
      else if (command.type === 'EndTurn' || (command.type === 'EndNavigation' && command.endTurn)) counts.turnEnds += 1;
    }
  }
  return counts;
}
