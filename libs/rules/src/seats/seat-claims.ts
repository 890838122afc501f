// Which seats are linked to a player's profile after the game was created: a fold of the whole
// log (a claim is never undone), so a replay at any revision, a seek and an import read it the
// same way. Seats taken with a profile at creation carry it on the board (SeatState.playerId).
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import type { GameState } from '../state';
import type { SeatClaimed } from './seats.events';

/** A seat's claim: the profile and the name it showed when claimed. */
export type SeatClaim = Omit<SeatClaimed['data'], 'seat'>;

/** Seat → its claim; seats not listed keep what the board records. */
export type SeatClaims = ReadonlyMap<number, SeatClaim>;

/** Folds one event into `claims` (in place); other events leave it as it was. */
export function foldSeatClaim(claims: Map<number, SeatClaim>, event: { type: string; data?: unknown }): void {
  if (event.type !== 'SeatClaimed') return;
  const data = event.data as SeatClaimed['data'];
  claims.set(data.seat, { playerId: data.playerId, name: data.name });
}

export function seatClaims(events: Iterable<{ type: string; data?: unknown }>): Map<number, SeatClaim> {
  const claims = new Map<number, SeatClaim>();
  for (const event of events) foldSeatClaim(claims, event);
  return claims;
}

/** The board's seats with their claims applied: the name and profile each seat shows now. */
export function claimedSeats(seats: GameState['seats'], claims: SeatClaims): GameState['seats'] {
  if (claims.size === 0) return seats;
  return seats.map((s) => {
    const claim = claims.get(s.seat);
    return claim === undefined ? s : { ...s, name: claim.name, playerId: claim.playerId };
  });
}

/** Seat ids of the conflicts a claim meets: the server answers them as conflicts (409), not as rule violations. */
export const SEAT_CLAIM_CONFLICTS: ReadonlySet<string> = new Set(['seat.claimed', 'seat.profile-elsewhere']);

/**
 * [D] a seat is claimed into a profile: at any moment of a created game, finished ones included
 * (a group links its past voyages), since nothing of the board changes. A seat is linked once: a
 * seat taken with a profile or claimed before is `seat.claimed`. In a standard game one profile
 * holds one seat (`seat.profile-elsewhere`): its figures count one seat per game, and a player
 * seated twice would be playing against themself. A sandbox game is one person trying things
 * out, who may hold every seat.
 */
export function decideSeatClaim(state: GameState, claims: SeatClaims, claim: SeatClaimed['data']): GameEvent[] {
  if (state.status === 'new') throw new RuleViolation('game.not-found', 'There is no such game');
  const seats = claimedSeats(state.seats, claims);
  const seat = seats.find((s) => s.seat === claim.seat);
  if (!seat) throw new RuleViolation('seat.unknown', 'Not a seat of this game');
  if (seat.playerId !== undefined) {
    throw new RuleViolation(
      'seat.claimed',
      seat.playerId === claim.playerId ? `Seat ${claim.seat} is already linked to this profile` : `Seat ${claim.seat} is already linked to another profile`,
    );
  }
  const elsewhere = seats.find((s) => s.seat !== claim.seat && s.playerId === claim.playerId);
  if (elsewhere && state.mode !== 'sandbox') {
    throw new RuleViolation('seat.profile-elsewhere', `This profile already holds seat ${elsewhere.seat} of this game (a sandbox game allows it)`);
  }
  return [{ type: 'SeatClaimed', data: { seat: claim.seat, playerId: claim.playerId, name: claim.name } }];
}
