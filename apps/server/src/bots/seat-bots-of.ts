// Which seats of a loaded game bots play, folded from its whole log (seatBots) and kept per
// history, so each call folds only the events taken since the last one. A game opened from a
// snapshot starts from the handovers before its history's entries (LoadedGame.before).
import { foldSeatBot, seatBots, type GameHistory, type SeatBots } from '@logbook/rules';
import type { LoadedGame } from '../games/game-repository';

interface Folded {
  events: number;
  bots: Map<number, string>;
}

const folded = new WeakMap<GameHistory, Folded>();

export function seatBotsOf(game: Pick<LoadedGame, 'history' | 'before'>): SeatBots {
  const entries = game.history.entries;
  let seen = folded.get(game.history);
  if (!seen) folded.set(game.history, (seen = { events: 0, bots: seatBots(game.before?.handovers ?? []) }));
  for (; seen.events < entries.length; seen.events++) foldSeatBot(seen.bots, (entries[seen.events] as (typeof entries)[number]).event);
  return seen.bots;
}

/** Which seats bots played at `revision` (a past view): the handovers up to it. */
export function seatBotsAt(game: Pick<LoadedGame, 'history' | 'before'>, revision: number): SeatBots {
  const bots = seatBots((game.before?.handovers ?? []).filter((h) => h.revision <= revision));
  const entries = game.history.entries.slice(0, Math.max(0, revision - game.history.startsAfter));
  for (const entry of entries) foldSeatBot(bots, entry.event);
  return bots;
}

/** The seats bots play, as the board view and the page list them. */
export const botSeatList = (bots: SeatBots): Array<{ seat: number; bot: string }> =>
  [...bots.entries()].sort(([a], [b]) => a - b).map(([seat, bot]) => ({ seat, bot }));
