import type { AnalyticsFold, GameAnalytics } from '../analytics/analytics-figures';
import type { AnalyticsFilter, AnalyticsStore } from '../analytics/analytics-store';
import type { Awaitable } from '../runner/awaitable';
import { generationTable, type PostgresReadModelDatabase } from './postgres-read-models';
import { PostgresRows } from './postgres-rows';

const upsertInto = (table: string) => `INSERT INTO ${table} (game_id, scenario_id, created_at, simulated, bot, players, fold)
  SELECT game_id, scenario_id, created_at, simulated, bot, players, fold
    FROM json_to_recordset($1::json) AS r(game_id text, scenario_id text, created_at text, simulated boolean, bot text, players text[], fold json)
  ON CONFLICT (game_id) DO UPDATE SET scenario_id = excluded.scenario_id, created_at = excluded.created_at,
    simulated = excluded.simulated, bot = excluded.bot, players = excluded.players, fold = excluded.fold`;

// The order of the SQLite store: by creation time (unknown first), then game id.
const listFrom = (table: string) => `SELECT fold::text AS fold FROM ${table}
  WHERE ($1::text IS NULL OR scenario_id = $1)
    AND ($2::text IS NULL OR created_at >= $2) AND ($3::text IS NULL OR created_at < $3)
    AND ($4::boolean IS NULL OR simulated = $4) AND ($5::text IS NULL OR bot = $5)
    AND ($6::text IS NULL OR $6 = ANY (players))
  ORDER BY created_at NULLS FIRST, game_id`;

/** The analytics read model in PostgreSQL, shared by every server, written like `PostgresGameStateStore`. */
export class PostgresAnalyticsStore implements AnalyticsStore {
  private readonly rows: PostgresRows<AnalyticsFold>;
  private readonly table: string;
  private readonly listSql: string;

  constructor(
    private readonly db: PostgresReadModelDatabase,
    generation = 0,
  ) {
    this.table = generationTable('logbook_analytics_games', generation);
    this.listSql = listFrom(this.table);
    this.rows = new PostgresRows(
      db,
      'analytics',
      {
        table: this.table,
        key: (fold) => fold.figures.gameId,
        serialise: (fold) => {
          const f = fold.figures;
          return `{"game_id":${JSON.stringify(f.gameId)},"scenario_id":${JSON.stringify(f.scenarioId)},"created_at":${JSON.stringify(f.createdAt)},"simulated":${f.simulated ? 'true' : 'false'},"bot":${JSON.stringify(f.simulated?.bot ?? null)},"players":${JSON.stringify(f.seats.map((s) => s.name))},"fold":${JSON.stringify(fold)}}`;
        },
        upsert: upsertInto(this.table),
        keep: 200,
      },
      generation,
    );
  }

  get(gameId: string): Awaitable<AnalyticsFold | undefined> {
    return this.rows.get(gameId, this.load);
  }

  put(fold: AnalyticsFold): void {
    this.rows.put(fold);
  }

  /** Writes the row at once (an erasure's rewritten names; see PostgresRows.writeNow). */
  writeNow(fold: AnalyticsFold): Promise<void> {
    return this.rows.writeNow(fold);
  }

  async list(filter: AnalyticsFilter = {}): Promise<GameAnalytics[]> {
    const { rows } = await this.db.query<{ fold: string }>(this.listSql, [
      filter.scenarioId ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.simulated ?? null,
      filter.bot ?? null,
      filter.player ?? null,
    ]);
    return rows.map((row) => (JSON.parse(row.fold) as AnalyticsFold).figures);
  }

  clear(): void {
    this.rows.clear();
  }

  flush(): void {
    this.rows.flush();
  }

  unwritten(): number {
    return this.rows.pending;
  }

  close(): void {}

  /** Leaves the projection's commits: its generation was dropped, or another one serves. */
  unregister(): void {
    this.rows.unregister();
  }

  private readonly load = async (gameId: string): Promise<AnalyticsFold | undefined> => {
    const { rows } = await this.db.query<{ fold: string }>(`SELECT fold::text AS fold FROM ${this.table} WHERE game_id = $1`, [gameId]);
    return rows[0] === undefined ? undefined : (JSON.parse(rows[0].fold) as AnalyticsFold);
  };
}
