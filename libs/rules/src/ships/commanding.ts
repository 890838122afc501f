// [S] Commanding and moving ships: who moves with the commander. Navigation calls companyForMove
// on every move of a ship.
import { own } from '../own';
import { forReading } from '../draft-read';
import { known } from '../invariant';
import { ensure } from '../errors';
import type { CharacterState, GameState } from '../state';

/** [S] "effects that restrict movement still apply": conditions that keep a character from moving. */
export const MOVE_PREVENTING_CONDITIONS: readonly string[] = ['Entangled'];

export const isPreventedFromMoving = (character: CharacterState): boolean => character.conditions.some((c) => MOVE_PREVENTING_CONDITIONS.includes(c));

/** [S] ship.commander-cannot-move: "if something prevents you from moving, you can't move". */
export function ensureCommanderMayMove(state: GameState, characterId: string): void {
  const commander = own(state.characters, characterId);
  ensure(
    commander && !isPreventedFromMoving(commander),
    'ship.commander-cannot-move',
    `${commander?.name ?? characterId} cannot move (${commander?.conditions.join(', ')}), so the ship cannot be moved`,
  );
}

export interface MoveCompany {
  /** Characters that move with the ship (the commander first). */
  carried: string[];
  /** Characters aboard that stay on the hex where the move began and leave the ship. */
  leftBehind: string[];
}

/**
 * [S] when the commander moves the ship, each other character on it may choose to move with it
 * (its standing followShip choice), unless something prevents it from moving or the ship is
 * wrecked; anyone who does not move with it is no longer on the ship.
 * Throws ship.commander-cannot-move when the commander itself may not move, so every move checks it.
 */
export function companyForMove(state: GameState, shipId: string, commanderId: string): MoveCompany {
  ensureCommanderMayMove(state, commanderId);
  const ship = known(state.ships, shipId);
  const others = Object.values(forReading(state.characters)).filter((c) => c.shipId === shipId && c.characterId !== commanderId);
  const moves = (c: CharacterState) => !ship.wrecked && c.followShip && !isPreventedFromMoving(c);
  const commanderAboard = own(state.characters, commanderId)?.shipId === shipId;
  return {
    carried: [...(commanderAboard ? [commanderId] : []), ...others.filter(moves).map((c) => c.characterId)],
    leftBehind: others.filter((c) => !moves(c)).map((c) => c.characterId),
  };
}
