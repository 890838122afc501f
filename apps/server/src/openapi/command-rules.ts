// The rule ids each command can be refused with (HTTP 422), as listed in RULES.md. A test checks
// that every id here is in RULES.md and that every command type has an entry.
import type { GameCommandType, HistoryCommand } from '@logbook/rules';

type PlayCommandType = Exclude<GameCommandType, 'CreateGame'> | HistoryCommand['type'];

/** Refusals any command can meet before its own rules (RULES.md, "Rule ids of the command pipeline"). */
export const PIPELINE_RULES = ['game.over', 'seat.unknown', 'turn.not-your-turn', 'pending.response-required', 'navigation.order-in-progress'];

const CHECK_RULES = ['check.unknown-option', 'check.option-skill-missing', 'check.not-a-boon', 'check.boon-type-repeated', 'hand.card-not-in-hand'];
const NAVIGATION_STEP_RULES = [
  'navigation.no-open-order',
  'navigation.insufficient-points',
  'navigation.hex-not-covered',
  'navigation.terrain-not-enterable',
  'navigation.enemy-ship',
  'ship.anchored',
];

export const COMMAND_RULES: Record<PlayCommandType, string[]> = {
  StartNavigation: ['ship.not-commanding', 'turn.no-orders-left'],
  MoveShip: NAVIGATION_STEP_RULES,
  TurnShip: ['navigation.no-open-order', 'navigation.insufficient-points', 'ship.anchored', 'command.invalid'],
  ExploreTile: ['navigation.no-open-order', 'navigation.insufficient-points', 'explore.no-lookout', 'explore.hex-covered', 'explore.no-fit', 'explore.no-tile-for-act'],
  EndNavigation: ['navigation.no-open-order', 'navigation.ends-on-occupied-hex', 'navigation.no-unoccupied-hex-reachable'],
  Navigate: [
    'ship.not-commanding',
    'turn.no-orders-left',
    ...NAVIGATION_STEP_RULES.filter((r) => r !== 'navigation.no-open-order'),
    'explore.no-lookout',
    'explore.hex-covered',
    'explore.no-fit',
    'explore.no-tile-for-act',
    'navigation.ends-on-occupied-hex',
    'navigation.plan-explore-last',
    'navigation.plan-interrupted',
    'command.invalid',
  ],
  MoveCrew: ['ship.not-commanding', 'turn.no-orders-left', 'crew.unknown-crew', 'crew.unknown-node', 'crew.node-occupied'],
  DropAnchor: ['ship.not-commanding', 'turn.no-orders-left', 'ship.already-anchored'],
  WeighAnchor: ['ship.not-commanding', 'turn.no-orders-left', 'ship.not-anchored'],
  EndTurn: [],
  EngageShip: [
    'ship.not-commanding',
    'turn.no-orders-left',
    'encounter.unknown-ship',
    'encounter.no-artillery-crew',
    'encounter.not-adjacent',
    'seize.forbidden',
    'seize.needs-power',
    ...CHECK_RULES,
  ],
  AttemptRepair: ['ship.not-commanding', 'repair.not-wrecked', 'repair.not-now', ...CHECK_RULES],
  ReduceStructuralDamage: [
    'damage.no-window',
    'damage.nothing-to-reduce',
    'damage.play-after-discard',
    'damage.card-cannot-reduce',
    'hand.card-not-in-hand',
    'damage.more-than-needed',
  ],
  ResolveStructuralDamage: ['damage.no-window'],
  ChoosePlunderType: ['plunder.no-choice', 'plunder.invalid-type'],
  RepelEnemy: ['ship.not-commanding', 'turn.no-orders-left', 'enemy.not-on-deck', ...CHECK_RULES],
  PurgeAltar: ['ship.not-commanding', 'turn.no-orders-left', 'altar.not-an-altar', 'altar.already-purged', 'altar.not-adjacent', ...CHECK_RULES],
  LootShipwreck: ['ship.not-commanding', 'turn.no-orders-left', 'loot.not-a-shipwreck', 'loot.already-looted'],
  Embark: ['ship.unknown', 'embark.already-aboard', 'embark.not-here'],
  Disembark: ['disembark.not-aboard', 'disembark.not-at-port'],
  SetFollowShip: ['follow.unchanged', 'command.invalid'],
  Undo: ['undo.nothing-to-undo', 'undo.not-your-action', 'undo.not-this-turn', 'undo.revealed', 'undo.window-open'],
  Redo: ['redo.nothing-to-redo', 'redo.not-your-action'],
};
