// [S] Who moves with the commander. OWNED BY issue 4's work; navigation calls it on every move.
import type { GameState } from '../state';

export interface MoveCompany {
  /** Characters that move with the ship (the commander first). */
  carried: string[];
  /** Characters aboard that stay on the hex where the move began and leave the ship. */
  leftBehind: string[];
}

export function companyForMove(state: GameState, shipId: string, _commanderId: string): MoveCompany {
  const aboard = Object.values(state.characters).filter((c) => c.shipId === shipId).map((c) => c.characterId);
  return { carried: aboard, leftBehind: [] };
}
