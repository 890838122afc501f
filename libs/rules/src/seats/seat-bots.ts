// Which seats a bot plays: a fold of the whole log (undone actions included, since a handover is
// never undone), so a replay at any revision, a fork and an import all read it the same way.
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import { seatRefusal } from '../seat-may-act';
import type { GameState } from '../state';
import type { SeatEvent } from './seats.events';

/** Seat → the name of the bot that plays it; seats not listed are played by their players. */
export type SeatBots = ReadonlyMap<number, string>;

/** Folds one event into `bots` (in place); other events leave it as it was. */
export function foldSeatBot(bots: Map<number, string>, event: { type: string; data?: unknown }): void {
  if (event.type === 'SeatHandedToBot') {
    const data = event.data as SeatEvent['data'] & { bot: string };
    bots.set(data.seat, data.bot);
  } else if (event.type === 'SeatTakenBack') {
    bots.delete((event.data as SeatEvent['data']).seat);
  }
}

export function seatBots(events: Iterable<{ type: string; data?: unknown }>): Map<number, string> {
  const bots = new Map<number, string>();
  for (const event of events) foldSeatBot(bots, event);
  return bots;
}

/** A change of who plays `seat`: a bot's name, or null for its player taking it back. */
export interface SeatControl {
  seat: number;
  bot: string | null;
  by: 'seat' | 'operator';
}

/**
 * [D] a running game's seat is handed to a bot, or taken back by its player. Allowed at any
 * moment of the game (a player leaves mid-turn, a response window open): nothing of the board
 * changes, so nothing the rules check can be in the way.
 */
export function decideSeatControl(state: GameState, bots: SeatBots, change: SeatControl): GameEvent[] {
  const refusal = seatRefusal(state, change.seat);
  if (refusal) throw refusal;
  const current = bots.get(change.seat);
  if (change.bot === null) {
    if (current === undefined) throw new RuleViolation('seat.not-bot', `Seat ${change.seat} is played by its player, not by a bot`);
    return [{ type: 'SeatTakenBack', data: { seat: change.seat } }];
  }
  if (current !== undefined) throw new RuleViolation('seat.already-bot', `Seat ${change.seat} is already played by the ${current} bot`);
  return [{ type: 'SeatHandedToBot', data: { seat: change.seat, bot: change.bot, by: change.by } }];
}
