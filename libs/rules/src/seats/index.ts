// The seats folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export { decideSeatControl, foldSeatBot, type SeatBots, type SeatControl, seatBots } from './seat-bots';
export { claimedSeats, decideSeatClaim, foldSeatClaim, SEAT_CLAIM_CONFLICTS, type SeatClaim, type SeatClaims, seatClaims } from './seat-claims';
export type { SeatClaimed, SeatEvent, SeatHandedToBot, SeatTakenBack } from './seats.events';
