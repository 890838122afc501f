import { exploreVariants } from '../candidate-choices';
import type { CommandSpecs } from '../command-spec';
import { ORDER_RULES } from '../turn/orders';
import { decideExplore } from './explore';
import { decideMove } from './move';
import type { PlayCommand } from '../commands';
import type { ExploreTile, MoveShip, NavigationCommand, NavigationStep, TurnShip } from './navigation.commands';
import { endOrder, startOrder } from './navigation-order';
import { decideNavigate } from './plan';
import { decideTurn } from './turn-ship';

export { navigationPoints } from './navigation-order';
export { decideMove } from './move';
export { decideTurn } from './turn-ship';

/** Refusals of starting an order, alone or as a whole plan's first step. */
const START_RULES = ORDER_RULES;
/** Refusals of one step inside an order. */
const STEP_RULES = ['navigation.insufficient-points', 'ship.anchored', 'navigation.no-unoccupied-hex-reachable'];
const MOVE_RULES = [...STEP_RULES, 'navigation.hex-not-covered', 'navigation.terrain-not-enterable', 'navigation.enemy-ship'];
const EXPLORE_RULES = [...STEP_RULES, 'command.invalid', 'explore.no-lookout', 'explore.hex-covered', 'explore.no-fit', 'explore.no-tile-for-act'];
const END_RULES = ['navigation.ends-on-occupied-hex'];

const STEPS: NavigationStep[] = [
  { action: 'move' },
  { action: 'turn', direction: 'cw' },
  { action: 'turn', direction: 'ccw' },
  ...exploreVariants().map((v) => ({ action: 'explore' as const, ...v })),
];

/**
 * [D] navigation.own-order: an action with `startNavigation` stands for StartNavigation and then
 * the action, each decided through the whole pipeline (so it is refused as StartNavigation is
 * while an order is open), as one action.
 */
function ownOrder<C extends MoveShip | TurnShip | ExploreTile>(command: C): PlayCommand[] | undefined {
  if (command.startNavigation !== true) return undefined;
  const action = { ...command };
  delete action.startNavigation;
  return [{ type: 'StartNavigation' }, action];
}

export const navigationCommands: CommandSpecs<NavigationCommand> = {
  StartNavigation: {
    actor: 'active-seat',
    decide: (decision, command) => startOrder(decision, command.shipId),
    rules: START_RULES,
    candidates: () => [{ type: 'StartNavigation' }],
  },
  MoveShip: {
    actor: 'active-seat',
    duringNavigation: true,
    decide: (decision) => decideMove(decision),
    parts: ownOrder,
    rules: ['navigation.no-open-order', ...START_RULES, ...MOVE_RULES],
    candidates: () => [{ type: 'MoveShip' }],
  },
  TurnShip: {
    actor: 'active-seat',
    duringNavigation: true,
    decide: (decision, command) => decideTurn(decision, command.direction),
    parts: ownOrder,
    rules: ['navigation.no-open-order', ...START_RULES, ...STEP_RULES, 'command.invalid'],
    candidates: () => [
      { type: 'TurnShip', direction: 'cw' },
      { type: 'TurnShip', direction: 'ccw' },
    ],
  },
  ExploreTile: {
    actor: 'active-seat',
    duringNavigation: true,
    decide: (decision, command) => decideExplore(decision, command.rotation),
    parts: ownOrder,
    rules: ['navigation.no-open-order', ...START_RULES, ...EXPLORE_RULES],
    candidates: () => exploreVariants().map((v) => ({ type: 'ExploreTile', ...v })),
  },
  EndNavigation: {
    actor: 'active-seat',
    duringNavigation: true,
    decide: (decision) => endOrder(decision),
    // [D] navigation.end-with-turn: `endTurn` ends the turn after the order, as EndTurn would.
    parts: (command) => (command.endTurn === true ? [{ type: 'EndNavigation' }, { type: 'EndTurn' }] : undefined),
    rules: ['navigation.no-open-order', ...END_RULES],
    candidates: () => [{ type: 'EndNavigation' }],
  },
  // A whole order: it may not start while another is open.
  Navigate: {
    actor: 'active-seat',
    decide: (decision, command) => decideNavigate(decision, command),
    rules: [...START_RULES, ...new Set([...MOVE_RULES, ...EXPLORE_RULES, ...END_RULES]), 'navigation.plan-explore-last', 'navigation.plan-interrupted'],
    candidates: () => STEPS.map((step) => ({ type: 'Navigate', steps: [step] })),
  },
};
