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
 * Twin Sails, two seats, won in the second round (4 of its 10 blessings) — with the setup drawn by
 * `seededRng(2024)`, whose act-1 order is the Fogbank, then Shrine Isle. The Gull waits in harbour
 * (a squall lies over the harbour mouth: an explore from its storm hex costs both its points, a
 * turn there damages a ship); the Kestrel's WAYFINDER charts for free: the Fogbank from its
 * storm hex, then sails onto it (2 points, the squall) and charts Shrine Isle (4 clues, act 2)
 * and Wreck Shoals (7, act 3); next round Smugglers' Cove: 10 clues. It never turns on a storm.
 */
export const TWIN_SAILS_WIN: ScriptedCommand[] = [
  ...by(1, endTurn),
  ...by(
    2,
    // Step by step: a plan may not go on after an explore (navigation.plan-explore-last).
    { type: 'StartNavigation' },
    { type: 'ExploreTile' },
    { type: 'MoveShip' },
    { type: 'EndNavigation' },
    { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }, { action: 'turn', direction: 'cw' }, { action: 'explore' }] },
    { type: 'Navigate', steps: [{ action: 'turn', direction: 'ccw' }, { action: 'move' }, { action: 'explore' }] },
    endTurn,
  ),
  ...by(1, endTurn),
  ...by(2, { type: 'Navigate', steps: [{ action: 'turn', direction: 'ccw' }, { action: 'move' }, { action: 'explore' }] }),
];

/**
 * Twin Sails, two seats, lost: the Gull sails into the squall and charts one tile from it (an
 * explore from a storm hex costs 2), then the seats only end their turns until the blessings deck
 * (`blessings` cards, one per turn) must advance and is empty: at the start of turn
 * `blessings + 1`. Pass the scenario's own number.
 */
export const twinSailsLoss = (blessings: number): ScriptedCommand[] => [
  ...by(1, { type: 'Navigate', steps: [{ action: 'move' }] }, { type: 'Navigate', steps: [{ action: 'explore' }] }, endTurn),
  ...Array.from({ length: blessings - 1 }, (_, i) => ({ seat: i % 2 === 0 ? 2 : 1, command: endTurn })),
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
