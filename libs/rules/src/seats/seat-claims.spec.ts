// A seat claimed into a profile: decided against the seats' profiles (the board's and the log's
// claims), and never a game action for the history.
import type { GameEvent } from '../events';
import { GameHistory } from '../history/game-history';
import { isHistoryNeutral } from '../history/neutral-events';
import type { LogEntry } from '../history/log-entry';
import { decideAndApply } from '../decide';
import { initialState, type GameState } from '../state';
import { createGameCommand, firstVoyage } from '../testing/fixtures';
import { seededRng } from '../random';
import { claimedSeats, decideSeatClaim, seatClaims } from './seat-claims';
import { refusedBy } from '../testing/decider-spec';

const game = (mode: GameState['mode'] = 'standard') =>
  decideAndApply(initialState(), createGameCommand(firstVoyage(), { players: 2, mode }), { seat: null, rng: seededRng(7) });
const claimed = (seat: number, playerId: string, name = 'Ana'): GameEvent => ({ type: 'SeatClaimed', data: { seat, playerId, name } });

describe('claiming a seat into a profile', () => {
  it('records the seat, the profile and its name', () => {
    expect(decideSeatClaim(game().state, new Map(), { seat: 2, playerId: 'p-ana', name: 'Ana' })).toEqual([claimed(2, 'p-ana')]);
  });

  it('is open on a finished game too: a group links its past voyages', () => {
    expect(decideSeatClaim({ ...game().state, status: 'won' }, new Map(), { seat: 1, playerId: 'p-ana', name: 'Ana' })).toEqual([claimed(1, 'p-ana')]);
  });

  it('refuses seat.claimed for a seat claimed before or taken with a profile, whichever profile asks', () => {
    const state = game().state;
    const claims = seatClaims([claimed(1, 'p-ana')]);
    expect(refusedBy(() => decideSeatClaim(state, claims, { seat: 1, playerId: 'p-bo', name: 'Bo' }))).toBe('seat.claimed');
    expect(refusedBy(() => decideSeatClaim(state, claims, { seat: 1, playerId: 'p-ana', name: 'Ana' }))).toBe('seat.claimed');
    const takenWithProfile = { ...state, seats: state.seats.map((s) => (s.seat === 2 ? { ...s, playerId: 'p-bo' } : s)) };
    expect(refusedBy(() => decideSeatClaim(takenWithProfile, new Map(), { seat: 2, playerId: 'p-ana', name: 'Ana' }))).toBe('seat.claimed');
  });

  it('refuses seat.profile-elsewhere in a standard game, and lets a sandbox seat one profile twice', () => {
    const claims = seatClaims([claimed(1, 'p-ana')]);
    expect(refusedBy(() => decideSeatClaim(game().state, claims, { seat: 2, playerId: 'p-ana', name: 'Ana' }))).toBe('seat.profile-elsewhere');
    expect(decideSeatClaim(game('sandbox').state, claims, { seat: 2, playerId: 'p-ana', name: 'Ana' })).toEqual([claimed(2, 'p-ana')]);
  });

  it('refuses seat.unknown and game.not-found', () => {
    expect(refusedBy(() => decideSeatClaim(game().state, new Map(), { seat: 3, playerId: 'p-ana', name: 'Ana' }))).toBe('seat.unknown');
    expect(refusedBy(() => decideSeatClaim(initialState(), new Map(), { seat: 1, playerId: 'p-ana', name: 'Ana' }))).toBe('game.not-found');
  });

  it("shows on the seats the profile's name and id, the last claim of the log winning", () => {
    const state = game().state;
    const seats = claimedSeats(state.seats, seatClaims([{ type: 'TurnEnded', data: { seat: 1 } } as unknown as GameEvent, claimed(2, 'p-bo', 'Bo')]));
    expect(seats.map((s) => [s.seat, s.name, s.playerId])).toEqual([
      [1, state.seats[0]?.name, undefined],
      [2, 'Bo', 'p-bo'],
    ]);
    expect(claimedSeats(state.seats, new Map())).toBe(state.seats);
  });

  it('is no game action: the history steps over it and the board is unchanged', () => {
    expect(isHistoryNeutral('SeatClaimed')).toBe(true);
    const setup = game();
    const history = GameHistory.fold([
      ...setup.events.map((event) => ({ actionId: 'create', seat: null, event })),
      { actionId: 'c', seat: 2, event: claimed(2, 'p-ana') } as unknown as LogEntry,
    ]);
    expect(history.lastEffective?.actionId).toBe('create');
    expect(history.state).toEqual(setup.state);
  });
});
