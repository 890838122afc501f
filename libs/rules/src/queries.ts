// Read-only questions about a state that several rules ask.
import { own } from './own';
import { forReading } from './draft-read';
import { RuleViolation } from './errors';
import { hexKey, type Hex } from './hex';
import type { BoardHex, CharacterState, GameState, PlayerShipState } from './state';

export const characterOfSeat = (state: GameState, seat: number): CharacterState => {
  const seatState = forReading(state.seats).find((s) => s.seat === seat);
  const character = seatState && own(state.characters, seatState.characterId);
  if (!character) throw new RuleViolation('seat.unknown', `Seat ${seat} has no character`);
  return character;
};

/** [S] on its turn, a character aboard a ship commands it. */
export const commandedShip = (state: GameState, seat: number): PlayerShipState | null => {
  const character = characterOfSeat(state, seat);
  return character.shipId ? (own(state.ships, character.shipId) ?? null) : null;
};

export const requireCommandedShip = (state: GameState, seat: number): PlayerShipState => {
  const ship = commandedShip(state, seat);
  if (!ship) throw new RuleViolation('ship.not-commanding', 'Your character is not aboard a ship');
  return ship;
};

export const boardHex = (state: GameState, hex: Hex): BoardHex | undefined => own(forReading(state.hexes), hexKey(hex));

export const isStorm = (state: GameState, hex: Hex): boolean => boardHex(state, hex)?.storm ?? false;
export const isRough = (state: GameState, hex: Hex): boolean => boardHex(state, hex)?.terrain === 'rough';

export const enemyShipAt = (state: GameState, hex: Hex) => Object.values(forReading(state.enemyShips)).find((s) => s.hex.q === hex.q && s.hex.r === hex.r);

/** [D] a hex is occupied when a ship, player or enemy, stands on it. */
export const isOccupied = (state: GameState, hex: Hex, exceptShipId?: string): boolean =>
  Object.values(forReading(state.ships)).some((s) => s.shipId !== exceptShipId && s.hex.q === hex.q && s.hex.r === hex.r) ||
  enemyShipAt(state, hex) !== undefined;
