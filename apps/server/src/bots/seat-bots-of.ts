// Who plays and who holds each seat of a loaded game: folds of its whole log (seatBots,
// seatClaims) kept per history, so each call folds only the events taken since the last one. A
// game opened from a snapshot starts from the handovers and claims before its history's entries
// (LoadedGame.before).
import { foldSeatBot, foldSeatClaim, type GameHistory, type SeatBots, type SeatClaim, type SeatClaims } from '@logbook/rules';
import type { LoadedGame } from '../games/game-repository';

type SeatEventFold<T> = (into: Map<number, T>, event: { type: string; data?: unknown }) => void;

interface Folded<T> {
  events: number;
  value: Map<number, T>;
}

/** A whole-log fold of seat events, kept per history (`of`) and as it stood at a revision (`at`). */
function wholeLogFold<T>(fold: SeatEventFold<T>) {
  const folded = new WeakMap<GameHistory, Folded<T>>();
  const start = (game: Pick<LoadedGame, 'before'>, upTo = Number.POSITIVE_INFINITY): Map<number, T> => {
    const value = new Map<number, T>();
    for (const h of game.before?.handovers ?? []) if (h.revision <= upTo) fold(value, h);
    return value;
  };
  return {
    of(game: Pick<LoadedGame, 'history' | 'before'>): ReadonlyMap<number, T> {
      const entries = game.history.entries;
      let seen = folded.get(game.history);
      if (!seen) folded.set(game.history, (seen = { events: 0, value: start(game) }));
      for (; seen.events < entries.length; seen.events++) fold(seen.value, (entries[seen.events] as (typeof entries)[number]).event);
      return seen.value;
    },
    at(game: Pick<LoadedGame, 'history' | 'before'>, revision: number): ReadonlyMap<number, T> {
      const value = start(game, revision);
      const entries = game.history.entries.slice(0, Math.max(0, revision - game.history.startsAfter));
      for (const entry of entries) fold(value, entry.event);
      return value;
    },
  };
}

const bots = wholeLogFold<string>(foldSeatBot);
const claims = wholeLogFold<SeatClaim>(foldSeatClaim);

export const seatBotsOf = (game: Pick<LoadedGame, 'history' | 'before'>): SeatBots => bots.of(game);

/** Which seats bots played at `revision` (a past view): the handovers up to it. */
export const seatBotsAt = (game: Pick<LoadedGame, 'history' | 'before'>, revision: number): SeatBots => bots.at(game, revision);

/** Which seats were claimed into a profile after the game was created, and by which. */
export const seatClaimsOf = (game: Pick<LoadedGame, 'history' | 'before'>): SeatClaims => claims.of(game);

/** The claims up to `revision` (a past view). */
export const seatClaimsAt = (game: Pick<LoadedGame, 'history' | 'before'>, revision: number): SeatClaims => claims.at(game, revision);

/** The seats bots play, as the board view and the page list them. */
export const botSeatList = (bots: SeatBots): Array<{ seat: number; bot: string }> =>
  [...bots.entries()].sort(([a], [b]) => a - b).map(([seat, bot]) => ({ seat, bot }));
