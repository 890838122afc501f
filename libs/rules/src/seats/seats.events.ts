import type { DomainEvent } from '../event';

/**
 * [D] a seat is played by a bot from now on: chosen when the game was created (recorded with
 * it), or handed over by the seat itself or by the operator when its player leaves. Who plays a
 * seat is not part of the board; the seat's token stays its player's.
 */
export type SeatHandedToBot = DomainEvent<'SeatHandedToBot', { seat: number; bot: string; by: 'setup' | 'seat' | 'operator' }>;
/** [D] the seat's player plays it again. */
export type SeatTakenBack = DomainEvent<'SeatTakenBack', { seat: number }>;

/**
 * [D] a seat is linked to a player's profile from now on (POST /games/:id/seats/:seat/claim, by
 * the seat's own token with the profile's secret): the seat shows the profile's name and counts
 * for the profile. Like a handover it is no part of the board and no game action.
 */
export type SeatClaimed = DomainEvent<'SeatClaimed', { seat: number; playerId: string; name: string }>;
export type SeatEvent = SeatHandedToBot | SeatTakenBack | SeatClaimed;
