import type { Appliers } from '../appliers';
import type { SeatEvent } from './seats.events';

// Who plays a seat is no part of the board (seat-bots.ts folds it from the whole log, undo or
// not): the board is unchanged.
export const seatAppliers: Appliers<SeatEvent> = {
  SeatHandedToBot: () => undefined,
  SeatTakenBack: () => undefined,
  // A claim's name and profile are folded from the whole log (seat-claims.ts), as a handover is.
  SeatClaimed: () => undefined,
};
