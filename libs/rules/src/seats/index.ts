// The seats folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export { decideSeatControl, foldSeatBot, type SeatBots, type SeatControl, seatBots } from './seat-bots';
export type { SeatEvent, SeatHandedToBot, SeatTakenBack } from './seats.events';
