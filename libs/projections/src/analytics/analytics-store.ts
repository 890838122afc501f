// Where the analytics read model keeps each game's fold: in memory (tests, the memory store) or
// in SQLite beside the other read models, with the columns the filters need. Like game-states,
// changed records wait in memory (`BufferedRows`) and are written together when the runner checkpoints.
import type Database from 'better-sqlite3';
import { BufferedRows } from '../runner/buffered-rows';
import { moveFromWithoutRowid, openReadModelDatabase } from '../runner/read-model-database';
import type { AnalyticsFold, GameAnalytics } from './analytics-figures';
import type { Awaitable } from '../runner/awaitable';

export interface AnalyticsFilter {
  scenarioId?: string;
  /** ISO times: games created at or after `from`, before `to`. */
  from?: string;
  to?: string;
  /** A seat's name, exactly. */
  player?: string;
  simulated?: boolean;
  bot?: string;
}

/** Like `GameStateStore`: the embedded stores answer at once, PostgreSQL with a promise when it reads. */
export interface AnalyticsStore {
  get(gameId: string): Awaitable<AnalyticsFold | undefined>;
  put(fold: AnalyticsFold): void;
  /** Figures of every game matching the filter. */
  list(filter?: AnalyticsFilter): Awaitable<GameAnalytics[]>;
  clear(): Awaitable<void>;
  flush(): Awaitable<void>;
  /** Folds put and not yet written by `flush` (absent: the in-memory store). */
  unwritten?(): number;
  close(): Awaitable<void>;
}

export const matches = (f: GameAnalytics, filter: AnalyticsFilter): boolean =>
  (filter.scenarioId === undefined || f.scenarioId === filter.scenarioId) &&
  (filter.from === undefined || (f.createdAt !== null && f.createdAt >= filter.from)) &&
  (filter.to === undefined || (f.createdAt !== null && f.createdAt < filter.to)) &&
  (filter.player === undefined || f.seats.some((s) => s.name === filter.player)) &&
  (filter.simulated === undefined || (f.simulated !== null) === filter.simulated) &&
  (filter.bot === undefined || f.simulated?.bot === filter.bot);

export class InMemoryAnalyticsStore implements AnalyticsStore {
  private readonly folds = new Map<string, AnalyticsFold>();
  get(gameId: string): AnalyticsFold | undefined {
    return this.folds.get(gameId);
  }
  put(fold: AnalyticsFold): void {
    this.folds.set(fold.figures.gameId, fold);
  }
  list(filter: AnalyticsFilter = {}): GameAnalytics[] {
    return [...this.folds.values()]
      .map((f) => f.figures)
      .filter((f) => f.scenarioId !== '')
      .filter((f) => matches(f, filter));
  }
  clear(): void {
    this.folds.clear();
  }
  flush(): void {}
  close(): void {}
}

/** One row per game, its fold a JSON document of a few kilobytes (a rowid table: see moveFromWithoutRowid). */
const createAnalyticsTable = (name: string, ifNotExists = '') => `CREATE TABLE ${ifNotExists} ${name} (
  game_id     TEXT NOT NULL PRIMARY KEY,
  scenario_id TEXT NOT NULL,
  created_at  TEXT,
  simulated   INTEGER NOT NULL,
  bot         TEXT,
  players     TEXT NOT NULL,
  fold        TEXT NOT NULL
)`;

export class SqliteAnalyticsStore implements AnalyticsStore {
  private readonly db: Database.Database;
  private readonly statements;
  private readonly rows: BufferedRows<AnalyticsFold>;

  constructor({ filename }: { filename: string }) {
    this.db = openReadModelDatabase(filename);
    this.db.exec(createAnalyticsTable('analytics_games', 'IF NOT EXISTS'));
    moveFromWithoutRowid(this.db, 'analytics_games', (name) => createAnalyticsTable(name));
    this.statements = {
      get: this.db.prepare('SELECT fold FROM analytics_games WHERE game_id = ?').pluck(),
      put: this.db.prepare(`INSERT INTO analytics_games VALUES (@gameId, @scenarioId, @createdAt, @simulated, @bot, @players, @fold)
        ON CONFLICT (game_id) DO UPDATE SET scenario_id = excluded.scenario_id, created_at = excluded.created_at,
          simulated = excluded.simulated, bot = excluded.bot, players = excluded.players, fold = excluded.fold`),
      list: this.db
        .prepare(
          `SELECT fold FROM analytics_games
        WHERE (@scenarioId IS NULL OR scenario_id = @scenarioId)
          AND (@from IS NULL OR created_at >= @from) AND (@to IS NULL OR created_at < @to)
          AND (@simulated IS NULL OR simulated = @simulated) AND (@bot IS NULL OR bot = @bot)
          AND (@player IS NULL OR instr(players, char(31) || @player || char(31)) > 0)
        ORDER BY created_at, game_id`,
        )
        .pluck(),
      clear: this.db.prepare('DELETE FROM analytics_games'),
    };
    const put = this.statements.put;
    this.rows = new BufferedRows(this.db, {
      key: (fold) => fold.figures.gameId,
      write: (fold) => {
        const f = fold.figures;
        put.run({
          gameId: f.gameId,
          scenarioId: f.scenarioId,
          createdAt: f.createdAt,
          simulated: f.simulated ? 1 : 0,
          bot: f.simulated?.bot ?? null,
          players: `\u001f${f.seats.map((s) => s.name).join('\u001f')}\u001f`,
          fold: JSON.stringify(fold),
        });
      },
      keep: 200,
    });
  }

  get(gameId: string): AnalyticsFold | undefined {
    return this.rows.get(gameId, this.load);
  }

  /** Hot path of a rebuild: only marks the fold dirty; flush() writes it and keeps it recent. */
  put(fold: AnalyticsFold): void {
    this.rows.put(fold);
  }

  list(filter: AnalyticsFilter = {}): GameAnalytics[] {
    this.flush();
    const rows = this.statements.list.all({
      scenarioId: filter.scenarioId ?? null,
      from: filter.from ?? null,
      to: filter.to ?? null,
      simulated: filter.simulated === undefined ? null : filter.simulated ? 1 : 0,
      bot: filter.bot ?? null,
      player: filter.player ?? null,
    }) as string[];
    return rows.map((row) => (JSON.parse(row) as AnalyticsFold).figures);
  }

  flush(): void {
    this.rows.flush();
  }

  unwritten(): number {
    return this.rows.pending;
  }

  clear(): void {
    this.statements.clear.run();
    this.rows.clear();
  }

  close(): void {
    this.rows.close();
  }

  private readonly load = (gameId: string): AnalyticsFold | undefined => {
    const row = this.statements.get.get(gameId) as string | undefined;
    return row === undefined ? undefined : (JSON.parse(row) as AnalyticsFold);
  };
}
