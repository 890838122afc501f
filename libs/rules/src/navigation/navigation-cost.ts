// [N] what a navigation action costs.
import type { Hex } from '../hex';
import { isRough, isStorm } from '../queries';
import type { GameState } from '../state';

export const BASE_ACTION_COST = 1;
export const HAZARD_ACTION_COST = 2;

/**
 * [N] each action costs 1; 2 when the ship starts or ends that action on Rough Seas, and 2
 * when it starts on a Storm. The seed's "starts its movement" is read per action (brief §7).
 */
export const navigationActionCost = (state: GameState, from: Hex, to: Hex): number =>
  isRough(state, from) || isRough(state, to) || isStorm(state, from) ? HAZARD_ACTION_COST : BASE_ACTION_COST;
