// Figures across games, computed from the per-game figures of the read model (never the log).
import { DAMAGE_SOURCES, PLUNDER_TABLE, type DamageSource, type GameAnalytics } from './analytics-figures';
import { chiSquareGoodnessOfFit, type GoodnessOfFit } from './chi-square';

export interface WinRate {
  scenarioId: string;
  /** 'human' for games not simulated, else the bot's name. */
  player: string;
  games: number;
  finished: number;
  won: number;
  /** won / finished (unfinished games are not counted either way). */
  winRate: number;
  meanRounds: number;
  meanTurns: number;
}

export interface AnalyticsSummary {
  games: number;
  finished: number;
  winRates: WinRate[];
  /** Structural damage dealt, by source and act. */
  damageBySourceAndAct: Array<{ source: DamageSource; act: number; dealt: number }>;
  /** Encounters by margin (total − difficulty of the deciding step). */
  encountersByMargin: Array<{ margin: number; encounters: number; successes: number; successRate: number }>;
  encountersByDifficulty: Array<{ difficulty: number; encounters: number; successes: number; successRate: number }>;
  plunder: {
    /** Observed rolls of the plunder d6 against a fair die's expectation. */
    faces: Array<{ roll: number; result: string; observed: number; expected: number }>;
    fit: GoodnessOfFit;
    stashedByType: Record<string, number>;
    banished: number;
  };
  /** Where ships were wrecked: each scenario's hex (and its tile) with a count. */
  wrecks: Array<{ scenarioId: string; q: number; r: number; tileId: string | null; wrecks: number }>;
  wrecksByTile: Array<{ tileId: string; wrecks: number }>;
  /**
   * Every hex some game's board covered, per scenario, with how many games covered it (the heat
   * map's sea). Per scenario: the same coordinates are different seas on different boards.
   */
  boardHexes: Array<{ scenarioId: string; q: number; r: number; games: number }>;
  players: Array<{ name: string; games: number; won: number; lost: number; meanRounds: number }>;
  undos: number;
  redos: number;
  meanSecondsPerTurn: number | null;
}

const playerKind = (g: GameAnalytics): string => g.simulated?.bot ?? 'human';
const mean = (values: number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);
/** Adds `game` to its group in place: copying the group for each game made a summary quadratic in the games. */
const groupInto = (groups: Map<string, GameAnalytics[]>, key: string, game: GameAnalytics): void => {
  const group = groups.get(key);
  if (group) group.push(game);
  else groups.set(key, [game]);
};

const groupCount = (counts: Map<string, number>, key: string): void => {
  counts.set(key, (counts.get(key) ?? 0) + 1);
};

export function summarizeAnalytics(games: readonly GameAnalytics[]): AnalyticsSummary {
  const rates = new Map<string, GameAnalytics[]>();
  for (const g of games) groupInto(rates, `${g.scenarioId}\u0000${playerKind(g)}`, g);
  const winRates: WinRate[] = [...rates.entries()]
    .map(([key, group]) => {
      const [scenarioId = '', player = ''] = key.split('\u0000');
      const finished = group.filter((g) => g.status !== 'active');
      const won = finished.filter((g) => g.status === 'won').length;
      return {
        scenarioId,
        player,
        games: group.length,
        finished: finished.length,
        won,
        winRate: ratio(won, finished.length),
        meanRounds: mean(finished.map((g) => g.rounds)),
        meanTurns: mean(finished.map((g) => g.turns)),
      };
    })
    .sort((a, b) => a.scenarioId.localeCompare(b.scenarioId) || a.player.localeCompare(b.player));

  const damage = new Map<string, { source: DamageSource; act: number; dealt: number }>();
  for (const g of games) {
    for (const source of DAMAGE_SOURCES) {
      for (const [act, dealt] of Object.entries(g.damage[source].byAct)) {
        const key = `${source}:${act}`;
        const row = damage.get(key) ?? { source, act: Number(act), dealt: 0 };
        row.dealt += dealt;
        damage.set(key, row);
      }
    }
  }
  const damageBySourceAndAct = [...damage.values()].sort((a, b) => a.act - b.act || a.source.localeCompare(b.source));

  const byMargin = new Map<number, { encounters: number; successes: number }>();
  const byDifficulty = new Map<number, { encounters: number; successes: number }>();
  for (const g of games)
    for (const e of g.encounters) {
      for (const [map, key] of [
        [byMargin, e.margin],
        [byDifficulty, e.difficulty],
      ] as const) {
        const row = map.get(key) ?? { encounters: 0, successes: 0 };
        row.encounters += 1;
        row.successes += e.success ? 1 : 0;
        map.set(key, row);
      }
    }
  const rows = (map: Map<number, { encounters: number; successes: number }>) =>
    [...map.entries()].sort(([a], [b]) => a - b).map(([k, v]) => ({ k, ...v, successRate: ratio(v.successes, v.encounters) }));

  const observed = [0, 0, 0, 0, 0, 0];
  const stashedByType: Record<string, number> = {};
  let banished = 0;
  for (const g of games) {
    g.plunder.rolls.forEach((n, i) => (observed[i] = (observed[i] ?? 0) + n));
    for (const [type, n] of Object.entries(g.plunder.stashedByType)) stashedByType[type] = (stashedByType[type] ?? 0) + n;
    banished += g.plunder.banished;
  }
  const totalRolls = observed.reduce((a, b) => a + b, 0);
  const fit = chiSquareGoodnessOfFit(
    observed,
    observed.map(() => 1 / 6),
  );

  const wreckHexes = new Map<string, { scenarioId: string; q: number; r: number; tileId: string | null; wrecks: number }>();
  const wreckTiles = new Map<string, number>();
  for (const g of games)
    for (const w of g.wrecks) {
      const key = `${g.scenarioId}\u0000${w.hex.q},${w.hex.r}`;
      const row = wreckHexes.get(key) ?? { scenarioId: g.scenarioId, q: w.hex.q, r: w.hex.r, tileId: w.tileId, wrecks: 0 };
      row.wrecks += 1;
      wreckHexes.set(key, row);
      if (w.tileId) wreckTiles.set(w.tileId, (wreckTiles.get(w.tileId) ?? 0) + 1);
    }

  const covered = new Map<string, number>();
  for (const g of games) for (const hex of g.coveredHexes) groupCount(covered, `${g.scenarioId}\u0000${hex}`);

  const players = new Map<string, GameAnalytics[]>();
  for (const g of games) for (const s of g.seats) groupInto(players, s.name, g);

  const timed = games.filter((g) => g.turnSeconds.turns > 0);
  return {
    games: games.length,
    finished: games.filter((g) => g.status !== 'active').length,
    winRates,
    damageBySourceAndAct,
    encountersByMargin: rows(byMargin).map(({ k, ...v }) => ({ margin: k, ...v })),
    encountersByDifficulty: rows(byDifficulty).map(({ k, ...v }) => ({ difficulty: k, ...v })),
    plunder: {
      faces: observed.map((n, i) => ({ roll: i + 1, result: PLUNDER_TABLE[i] ?? '', observed: n, expected: totalRolls / 6 })),
      fit,
      stashedByType,
      banished,
    },
    wrecks: [...wreckHexes.values()].sort((a, b) => b.wrecks - a.wrecks),
    wrecksByTile: [...wreckTiles.entries()].map(([tileId, wrecks]) => ({ tileId, wrecks })).sort((a, b) => b.wrecks - a.wrecks),
    boardHexes: [...covered.entries()].map(([key, n]) => {
      const [scenarioId = '', hex = ''] = key.split('\u0000');
      const [q = 0, r = 0] = hex.split(',').map(Number);
      return { scenarioId, q, r, games: n };
    }),
    players: [...players.entries()]
      .map(([name, group]) => ({
        name,
        games: group.length,
        won: group.filter((g) => g.status === 'won').length,
        lost: group.filter((g) => g.status === 'lost').length,
        meanRounds: mean(group.map((g) => g.rounds)),
      }))
      .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name)),
    undos: games.reduce((n, g) => n + g.undos, 0),
    redos: games.reduce((n, g) => n + g.redos, 0),
    meanSecondsPerTurn: timed.length === 0 ? null : timed.reduce((n, g) => n + g.turnSeconds.total, 0) / timed.reduce((n, g) => n + g.turnSeconds.turns, 0),
  };
}
