// [S] Structural damage pipeline. OWNED BY the ships/characters work (issue 4); this is the
// signature other rules call (storm turns, altar spawns with no free node, failed encounters).
import type { Decision } from '../decision';

/**
 * Deals `amount` structural damage to a player ship: applies ship and in-play powers, then
 * opens the response window (pending 'structural-damage') unless nothing is left to respond to.
 */
export function dealStructuralDamage(_decision: Decision, _shipId: string, _amount: number, _source: string): void {
  throw new Error('dealStructuralDamage: not implemented yet (issue 4)');
}
