// Scripted whole games of the built-in scenarios, shared by the rules' determinism spec and the
// API's e2e spec: the same voyage must end the same way through decide() and through HTTP.
import type { GameCommand } from '../../commands';
import type { PendingState } from '../../state';

export interface ScriptedCommand {
  seat: number;
  command: GameCommand;
}

const by = (seat: number, ...commands: GameCommand[]): ScriptedCommand[] => commands.map((command) => ({ seat, command }));
const endTurn: GameCommand = { type: 'EndTurn' };

/**
 * Twin Sails, two seats, won in the first round: the Gull's lookout charts the Fogbank (2 clues);
 * the Kestrel's WAYFINDER charts Shrine Isle (act 2) and Smugglers' Cove (act 3, an enemy ship
 * spawns), comes about, crosses the harbour to the shipwreck and charts Wreck Shoals: 10 clues.
 */
export const TWIN_SAILS_WIN: ScriptedCommand[] = [
  ...by(1, { type: 'Navigate', steps: [{ action: 'move' }, { action: 'explore' }] }, endTurn),
  ...by(
    2,
    // Step by step: a plan may not go on after an explore (navigation.plan-explore-last).
    { type: 'StartNavigation' },
    { type: 'ExploreTile' },
    { type: 'TurnShip', direction: 'cw' },
    { type: 'ExploreTile' },
    { type: 'EndNavigation' },
    { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }, { action: 'turn', direction: 'cw' }] },
    { type: 'StartNavigation' },
    { type: 'MoveShip' },
    { type: 'TurnShip', direction: 'ccw' },
    { type: 'ExploreTile' },
  ),
];

/**
 * Twin Sails, two seats, lost: one tile charted, then the seats only end their turns until the
 * blessings deck (40, one per turn) must advance and is empty: at the start of turn 41.
 */
export const TWIN_SAILS_LOSS: ScriptedCommand[] = [
  ...by(1, { type: 'Navigate', steps: [{ action: 'move' }, { action: 'explore' }] }, endTurn),
  ...Array.from({ length: 39 }, (_, i) => ({ seat: i % 2 === 0 ? 2 : 1, command: endTurn })),
];

/**
 * The scripted players' answer to whatever the game waits for: a plunder roll of 6 takes a
 * weapon; a structural damage window is closed without playing cards.
 */
export function respond(pending: PendingState): GameCommand {
  switch (pending.kind) {
    case 'plunder-choice':
      return { type: 'ChoosePlunderType', cardType: 'weapon' };
    case 'structural-damage':
      return { type: 'ResolveStructuralDamage' };
    default: {
      const unknown: never = pending;
      throw new Error(`No scripted response to ${JSON.stringify(unknown)}`);
    }
  }
}
