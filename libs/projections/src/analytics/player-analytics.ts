// Per-player analytics and the group view ("our last ten voyages"), answered from the analytics
// read model's rows: each game's figures keep its seats with the profile each was taken with or
// claimed into (`seats[].playerId`), so a player's games are the rows with a seat of theirs. Only
// profile-linked seats count: a name typed without a profile stays in the by-name summary
// (aggregate.ts). Names are the rows' names, which an erasure rewrites ("erased player") and a
// rebuild opens from the log as the log opens them now. The figures of a game are the crew's (the
// game is co-operative): damage taken and encounters won are the whole game's, in games the player sat in.
import type { GameAnalytics } from './analytics-figures';

export interface OutcomeCounts {
  games: number;
  /** Won or lost (an active game is neither). */
  finished: number;
  won: number;
  lost: number;
  /** won / finished, null before any game finished. */
  winRate: number | null;
}

export interface PlayerAnalytics extends OutcomeCounts {
  playerId: string;
  byScenario: Array<OutcomeCounts & { scenarioId: string; scenarioName: string }>;
  /** Rounds played over all their games, and the mean per game. */
  rounds: { total: number; mean: number | null };
  /** Structural damage left after reductions, over all their games (every source). */
  damageTaken: number;
  encounters: { fought: number; won: number };
  /** The character they sat as most often (ties: the first by id), null before any game. */
  favouriteCharacter: { characterId: string; games: number } | null;
  /** The other profiles seated with them, most games first; the name as the newest such game shows it. */
  playedWith: Array<{ playerId: string; name: string; games: number }>;
}

export interface Voyage {
  gameId: string;
  scenarioId: string;
  scenarioName: string;
  createdAt: string | null;
  status: GameAnalytics['status'];
  reason: string | null;
  rounds: number;
  damageTaken: number;
  seats: GameAnalytics['seats'];
}

export interface GroupVoyages {
  playerIds: string[];
  /** The games they all sat in, newest first, at most `limit`. */
  voyages: Voyage[];
  /** Over the voyages listed. */
  summary: OutcomeCounts & { meanRounds: number | null };
}

export const DEFAULT_GROUP_LIMIT = 10;

const damageTakenOf = (g: GameAnalytics): number => g.damage.storm.taken + g.damage.encounter.taken + g.damage['on-deck'].taken;

/** Whether the profile holds a seat of the game. */
export const seatsPlayer = (g: GameAnalytics, playerId: string): boolean => g.seats.some((s) => s.playerId === playerId);

function outcomes(games: readonly GameAnalytics[]): OutcomeCounts {
  const won = games.filter((g) => g.status === 'won').length;
  const lost = games.filter((g) => g.status === 'lost').length;
  const finished = won + lost;
  return { games: games.length, finished, won, lost, winRate: finished === 0 ? null : won / finished };
}

/** Newest first (a game without a time last), then by id for a stable order. */
const newestFirst = (a: GameAnalytics, b: GameAnalytics): number => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.gameId.localeCompare(b.gameId);

const meanOf = (total: number, count: number): number | null => (count === 0 ? null : total / count);

/** A player's figures over every game with a seat of theirs (games of other players are ignored). */
export function playerAnalytics(playerId: string, all: readonly GameAnalytics[]): PlayerAnalytics {
  const games = all.filter((g) => g.scenarioId !== '' && seatsPlayer(g, playerId)).sort(newestFirst);
  const scenarios = new Map<string, GameAnalytics[]>();
  for (const g of games) scenarios.set(g.scenarioId, [...(scenarios.get(g.scenarioId) ?? []), g]);
  const characters = new Map<string, number>();
  const others = new Map<string, { playerId: string; name: string; games: number }>();
  for (const g of games) {
    for (const s of g.seats) {
      if (s.playerId === playerId) characters.set(s.characterId, (characters.get(s.characterId) ?? 0) + 1);
    }
    // One count per game for each other profile, however many seats it held there.
    const seen = new Set<string>();
    for (const s of g.seats) {
      if (s.playerId === undefined || s.playerId === playerId || seen.has(s.playerId)) continue;
      seen.add(s.playerId);
      const other = others.get(s.playerId);
      if (other) other.games += 1;
      else others.set(s.playerId, { playerId: s.playerId, name: s.name, games: 1 });
    }
  }
  const favourite = [...characters].sort(([a, n], [b, m]) => m - n || a.localeCompare(b))[0];
  const rounds = games.reduce((sum, g) => sum + g.rounds, 0);
  const encounters = games.flatMap((g) => g.encounters);
  return {
    playerId,
    ...outcomes(games),
    byScenario: [...scenarios].map(([scenarioId, list]) => ({ scenarioId, scenarioName: list[0]?.scenarioName ?? '', ...outcomes(list) })),
    rounds: { total: rounds, mean: meanOf(rounds, games.length) },
    damageTaken: games.reduce((sum, g) => sum + damageTakenOf(g), 0),
    encounters: { fought: encounters.length, won: encounters.filter((e) => e.success).length },
    favouriteCharacter: favourite ? { characterId: favourite[0], games: favourite[1] } : null,
    playedWith: [...others.values()].sort((a, b) => b.games - a.games || a.playerId.localeCompare(b.playerId)),
  };
}

/** The games every one of `playerIds` sat in, newest first, at most `limit`, and a summary over them. */
export function groupVoyages(playerIds: readonly string[], all: readonly GameAnalytics[], limit = DEFAULT_GROUP_LIMIT): GroupVoyages {
  const games = all
    .filter((g) => g.scenarioId !== '' && playerIds.every((id) => seatsPlayer(g, id)))
    .sort(newestFirst)
    .slice(0, limit);
  const rounds = games.reduce((sum, g) => sum + g.rounds, 0);
  return {
    playerIds: [...playerIds],
    voyages: games.map((g) => ({
      gameId: g.gameId,
      scenarioId: g.scenarioId,
      scenarioName: g.scenarioName,
      createdAt: g.createdAt,
      status: g.status,
      reason: g.reason,
      rounds: g.rounds,
      damageTaken: damageTakenOf(g),
      seats: g.seats,
    })),
    summary: { ...outcomes(games), meanRounds: meanOf(rounds, games.length) },
  };
}
