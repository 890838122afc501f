// The `greedy` bot: plays with intent, in a fixed order of preferences. It repairs a wrecked
// ship first, repels enemies On Deck, engages an adjacent enemy ship when the odds are good,
// purges an adjacent altar, and otherwise sails (cheapest path, storms and altar tiles avoided)
// to where it can explore the next tile. It reads only what every player can see on the board.
import {
  ENTERABLE_TERRAINS,
  areAdjacent,
  hexKey,
  neighbor,
  turnFacing,
  type CharacterState,
  type CheckDefinition,
  type Facing,
  type GameState,
  type Hex,
  type PlayerShipState,
} from '@logbook/rules';
import { skillFor, dieSides } from '@logbook/rules/checks/check';
import { crewInZone } from '@logbook/rules/nodes';
import { hasWayfinder, navigationActionCost } from '@logbook/rules/navigation/navigation-cost';
import type { BotTurn, PlayCommand } from './bot-turn';

/** Odds the greedy bot wants before it risks a check whose failure hurts. */
const GOOD_ODDS = 0.5;
/** Extra path cost of turning on a storm (it deals structural damage) and of entering an altar tile. */
const STORM_TURN_PENALTY = 6;
const ALTAR_TILE_PENALTY = 3;
const STORM_ENTER_PENALTY = 1;

/**
 * What the bot learnt from refusals: a command refused is not tried again until an action is
 * accepted (the state moves on), and a place where the next tile did not fit is not aimed at
 * again until another tile is placed.
 */
export interface GreedyMemory {
  refused: Set<string>;
  noFit: Set<string>;
  refuse(command: PlayCommand, state: GameState): void;
  forget(turn: BotTurn): void;
}

export const newGreedyMemory = (): GreedyMemory => {
  let played = -1;
  let tiles = -1;
  const memory: GreedyMemory = {
    refused: new Set(),
    noFit: new Set(),
    refuse(command, state) {
      memory.refused.add(JSON.stringify(command));
      const ship = state.navigation ? state.ships[state.navigation.shipId] : undefined;
      if (command.type === 'ExploreTile' && ship) memory.noFit.add(`${ship.hex.q},${ship.hex.r},${ship.facing}`);
    },
    forget({ state, played: now }) {
      if (played !== now) memory.refused.clear();
      if (tiles !== state.tiles.length) memory.noFit.clear();
      played = now;
      tiles = state.tiles.length;
    },
  };
  return memory;
};

/** What the greedy bot would send, and why, in words. */
export interface GreedyChoice {
  command: PlayCommand;
  why: string;
}

export function greedyChoice(turn: BotTurn, memory: GreedyMemory): PlayCommand {
  return greedyReasoned(turn, memory).command;
}

export function greedyReasoned(turn: BotTurn, memory: GreedyMemory): GreedyChoice {
  memory.forget(turn);
  const refused = memory.refused;
  const preferences = preferred(turn, memory.noFit);
  for (const choice of preferences) if (!refused.has(JSON.stringify(choice.command))) return choice;
  const fallback = turn.legal.find((c) => !refused.has(JSON.stringify(c)) && (c.type === 'EndNavigation' || c.type === 'EndTurn'));
  if (fallback) return { command: fallback, why: 'Nothing better is left to try: end it here.' };
  const any = turn.legal.find((c) => !refused.has(JSON.stringify(c))) ?? (turn.legal[0] as PlayCommand);
  return { command: any, why: 'Nothing it prefers is allowed now: the first thing the rules allow.' };
}

const because = (command: PlayCommand, why: string): GreedyChoice => ({ command, why });

function preferred(turn: BotTurn, noFit: ReadonlySet<string>): GreedyChoice[] {
  // Not destructured: reading `legal` asks the rules for the whole list, which is rarely needed.
  const { state, seat } = turn;
  const pending = state.pending;
  const character = characterOf(state, seat);
  if (pending?.kind === 'plunder-choice') {
    // Armor and items are what a party at sea most often lacks; any type will do otherwise.
    return [
      because({ type: 'ChoosePlunderType', cardType: 'armor' }, 'Armor is what a party at sea most often lacks.'),
      because({ type: 'ChoosePlunderType', cardType: 'item' }, 'An item is the next most useful plunder.'),
      ...turn.legal.filter((c) => c.type === 'ChoosePlunderType').map((c) => because(c, 'Any plunder type will do.')),
    ];
  }
  if (pending?.kind === 'structural-damage') {
    const out: GreedyChoice[] = [];
    if (pending.amount > 0 && character) {
      const reducing = character.hand.filter((card) => (state.cards[card]?.powers.reduceStructuralDamage ?? 0) > 0);
      if (reducing.length > 0)
        out.push(because({ type: 'ReduceStructuralDamage', play: [reducing[0] as string] }, 'A card in hand reduces the damage to the ship.'));
      // A card from hand for each point, when that saves the ship (or the clock) cheaply.
      else if (pending.amount <= 2 && character.hand.length >= pending.amount) {
        out.push(
          because(
            { type: 'ReduceStructuralDamage', discard: character.hand.slice(0, pending.amount) },
            `Discarding ${pending.amount} card(s) saves the ship ${pending.amount} damage cheaply.`,
          ),
        );
      }
    }
    out.push(because({ type: 'ResolveStructuralDamage' }, 'Nothing cheap reduces the damage: take it and play on.'));
    return out;
  }
  if (!character || state.turn?.seat !== seat) return [];
  const ship = character.shipId ? state.ships[character.shipId] : undefined;
  if (!ship) {
    const here = Object.values(state.ships).find((s) => s.hex.q === character.hex.q && s.hex.r === character.hex.r);
    return [
      ...(here ? [because({ type: 'Embark', shipId: here.shipId }, 'Back aboard: a character ashore can do little.')] : []),
      because({ type: 'EndTurn' }, 'Ashore with no ship here: nothing to do but wait.'),
    ];
  }
  if (state.navigation) return navigationStep(state, ship, noFit);

  const out: GreedyChoice[] = [];
  const turnState = state.turn;
  if (ship.wrecked && turnState?.repairAvailable) out.push(because({ type: 'AttemptRepair' }, 'The ship is wrecked: repair it before anything else.'));
  if ((turnState?.ordersLeft ?? 0) > 0) {
    for (const enemy of ship.enemiesOnDeck)
      out.push(because({ type: 'RepelEnemy', enemyId: enemy.enemyId }, 'An enemy is on deck: repel it before it does harm.'));
    if (crewInZone(ship, 'artillery').length > 0) {
      for (const enemyShip of Object.values(state.enemyShips)) {
        const card = state.shipCards[enemyShip.cardId];
        const chance = card && areAdjacent(enemyShip.hex, ship.hex) ? odds(character, card.defeat) : 0;
        if (card && chance >= GOOD_ODDS) {
          out.push(
            because(
              { type: 'EngageShip', enemyShipId: enemyShip.enemyShipId, seize: true },
              `An enemy ship is alongside and the odds are good (${percent(chance)}).`,
            ),
          );
        }
      }
    }
    for (const hex of Object.values(state.hexes)) {
      if (hex.terrain !== 'altar' || !areAdjacent(hex, ship.hex) || state.purgedAltars.includes(hexKey(hex))) continue;
      const chance = odds(character, hex.altarCheck ?? state.altarCheck);
      if (chance >= GOOD_ODDS)
        out.push(
          because({ type: 'PurgeAltar', hex: { q: hex.q, r: hex.r } }, `An altar is adjacent and the odds of purging it are good (${percent(chance)}).`),
        );
    }
    if (!canExplore(ship)) {
      const free = ship.nodes.find((n) => !ship.crew.some((c) => c.node === n) && !ship.enemiesOnDeck.some((e) => e.node === n));
      const spare = ship.crew.find((c) => c.node === null || c.node.startsWith('blank'));
      if (free === 'crows-nest' && spare) {
        out.push(
          because({ type: 'MoveCrew', crewId: spare.crewId, node: 'crows-nest' }, "Nobody is in the crow's nest: without a lookout the ship cannot explore."),
        );
      }
    }
    const route = plan(state, ship, noFit, false);
    if (route !== undefined) {
      if (ship.anchored && route.steps.length > 0) out.push(because({ type: 'WeighAnchor' }, 'There is sea to explore, and the ship is at anchor.'));
      out.push(because({ type: 'StartNavigation' }, 'There is an uncovered hex within reach: sail to explore it.'));
    }
    const here = state.hexes[hexKey(ship.hex)];
    if (here?.terrain === 'shipwreck' && !state.lootedWrecks.includes(hexKey(here)))
      out.push(because({ type: 'LootShipwreck' }, 'The ship is on a shipwreck nobody has looted.'));
  }
  out.push(because({ type: 'EndTurn' }, 'Nothing worth an order is left this turn.'));
  return out;
}

const percent = (p: number): string => `${Math.round(p * 100)}%`;

function navigationStep(state: GameState, ship: PlayerShipState, noFit: ReadonlySet<string>): GreedyChoice[] {
  const pointsLeft = state.navigation?.pointsLeft ?? 0;
  const path = plan(state, ship, noFit);
  const out: GreedyChoice[] = [];
  if (path && path.steps.length === 0) out.push(because({ type: 'ExploreTile' }, 'The ship faces an uncovered hex: explore the next tile.'));
  else if (path && path.firstCost <= pointsLeft) {
    out.push(because(path.steps[0] as PlayCommand, 'The first step of the cheapest way to an uncovered hex (storms and altars avoided).'));
  }
  out.push(because({ type: 'EndNavigation' }, 'No uncovered hex within the points left: end the order.'));
  // When ending here is refused (an occupied hex), any step that leaves it.
  out.push(
    because({ type: 'MoveShip' }, 'The order cannot end here: move on.'),
    because({ type: 'TurnShip', direction: 'cw' }, 'The order cannot end here: turn.'),
  );
  return out;
}

const canExplore = (ship: PlayerShipState): boolean => hasWayfinder(ship) || crewInZone(ship, 'crows-nest').length > 0;

const nextTileLeft = (state: GameState): boolean =>
  state.stack.some((tileId) => {
    const act = state.tileLibrary[tileId]?.act;
    return act === state.act || act === state.act - 1;
  });

interface Plan {
  steps: PlayCommand[];
  firstCost: number;
}

/**
 * Cheapest way (Dijkstra over hex and facing) to face an uncovered hex with the ship, ready to
 * explore; storms, rough seas and altar tiles cost extra. Undefined when there is none.
 */
export function plan(state: GameState, ship: PlayerShipState, noFit: ReadonlySet<string>, anchored = ship.anchored): Plan | undefined {
  if (!canExplore(ship) || !nextTileLeft(state)) return undefined;
  const enterable = (hex: Hex): boolean => {
    const h = state.hexes[hexKey(hex)];
    if (!h || !ENTERABLE_TERRAINS.includes(h.terrain)) return false;
    return !Object.values(state.enemyShips).some((e) => e.hex.q === hex.q && e.hex.r === hex.r);
  };
  const altarTiles = new Set(
    Object.values(state.hexes)
      .filter((h) => h.terrain === 'altar' && !state.purgedAltars.includes(hexKey(h)))
      .map((h) => h.tileId),
  );
  const key = (hex: Hex, facing: Facing) => `${hex.q},${hex.r},${facing}`;
  type Node = { hex: Hex; facing: Facing; cost: number; first?: PlayCommand; firstCost: number };
  const start: Node = { hex: ship.hex, facing: ship.facing, cost: 0, firstCost: 0 };
  const best = new Map<string, number>([[key(ship.hex, ship.facing), 0]]);
  const queue: Node[] = [start];
  while (queue.length > 0) {
    queue.sort((a, b) => a.cost - b.cost);
    const node = queue.shift() as Node;
    if (node.cost > (best.get(key(node.hex, node.facing)) ?? Infinity)) continue;
    const faced = neighbor(node.hex, node.facing);
    if (!state.hexes[hexKey(faced)] && !noFit.has(key(node.hex, node.facing))) {
      return { steps: node.first ? [node.first] : [], firstCost: node.firstCost };
    }
    const onStorm = state.hexes[hexKey(node.hex)]?.storm ?? false;
    const moves: Array<{ hex: Hex; facing: Facing; cost: number; command: PlayCommand; real: number }> = [];
    if (!anchored) {
      for (const direction of ['cw', 'ccw'] as const) {
        const real = navigationActionCost(state, node.hex, node.hex);
        moves.push({
          hex: node.hex,
          facing: turnFacing(node.facing, direction),
          real,
          cost: real + (onStorm ? STORM_TURN_PENALTY : 0),
          command: { type: 'TurnShip', direction },
        });
      }
      if (enterable(faced)) {
        const real = navigationActionCost(state, node.hex, faced);
        const target = state.hexes[hexKey(faced)];
        const penalty = (target?.storm ? STORM_ENTER_PENALTY : 0) + (target && altarTiles.has(target.tileId) ? ALTAR_TILE_PENALTY : 0);
        moves.push({ hex: faced, facing: node.facing, real, cost: real + penalty, command: { type: 'MoveShip' } });
      }
    }
    for (const move of moves) {
      const cost = node.cost + move.cost;
      const k = key(move.hex, move.facing);
      if (cost >= (best.get(k) ?? Infinity)) continue;
      best.set(k, cost);
      queue.push({ hex: move.hex, facing: move.facing, cost, first: node.first ?? move.command, firstCost: node.first ? node.firstCost : move.real });
    }
  }
  return undefined;
}

/** Chance that a die roll plus bonus meets a difficulty. */
const stepOdds = (sides: number, bonus: number, difficulty: number): number => Math.max(0, Math.min(1, (sides - (difficulty - bonus) + 1) / sides));

/** The odds of a whole check (each step's best option, no boons): a bot's rough estimate. */
export function odds(character: CharacterState, check: CheckDefinition): number {
  let p = 1;
  for (const step of check.steps) {
    let bestStep = 0;
    for (const option of step.options) {
      const use = skillFor(character, option);
      bestStep = Math.max(bestStep, use ? stepOdds(dieSides(use.die), use.bonus, option.difficulty) : stepOdds(4, 0, option.difficulty));
    }
    p *= bestStep;
  }
  return p;
}

const characterOf = (state: GameState, seat: number): CharacterState | undefined => {
  const s = state.seats.find((x) => x.seat === seat);
  return s ? state.characters[s.characterId] : undefined;
};
