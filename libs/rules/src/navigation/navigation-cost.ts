// [N] what a navigation action costs.
import type { Hex } from '../hex';
import { isRough, isStorm } from '../queries';
import type { GameState, PlayerShipState } from '../state';

export const BASE_ACTION_COST = 1;
export const HAZARD_ACTION_COST = 2;
export const WAYFINDER = 'WAYFINDER';

/**
 * [N] each action costs 1; 2 when the ship starts or ends that action on Rough Seas, and 2
 * when it starts on a Storm. [D] The seed's "starts its movement" is read per action: each
 * action of an order is a movement of its own.
 */
export const navigationActionCost = (state: GameState, from: Hex, to: Hex): number =>
  isRough(state, from) || isRough(state, to) || isStorm(state, from) ? HAZARD_ACTION_COST : BASE_ACTION_COST;

/** [N] a turn starts and ends on the ship's own hex. */
export const turnCost = (state: GameState, at: Hex): number => navigationActionCost(state, at, at);

/** [N] a crew member aboard with the WAYFINDER trait. */
export const hasWayfinder = (ship: PlayerShipState): boolean => ship.crew.some((c) => c.traits.includes(WAYFINDER));

/**
 * [N] exploring costs like any action (the ship does not move, so it starts and ends where it
 * is); with a WAYFINDER aboard it spends no navigation points.
 */
export const exploreCost = (state: GameState, ship: PlayerShipState): number => (hasWayfinder(ship) ? 0 : navigationActionCost(state, ship.hex, ship.hex));
