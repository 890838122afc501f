import type { GameState } from '@logbook/rules';
import { summarize, type GameStateRecord, type GameStateStore, type GameSummary, type GameSummaryQuery } from '../game-states/game-state-store.port';
import type { Awaitable } from '../runner/awaitable';
import { generationTable, type PostgresReadModelDatabase } from './postgres-read-models';
import { PostgresRows } from './postgres-rows';

/** As the SQLite store: at most this much state JSON kept parsed in memory, a state not sized yet counted as this. */
const KEEP_BYTES = 32 * 1024 * 1024;
const UNKNOWN_BYTES = 16 * 1024;

const upsertInto = (table: string) => `INSERT INTO ${table}
    (game_id, revision, scenario_id, status, mode, round, act, clues, clue_goal, seats, state, created_at, updated_at)
  SELECT game_id, revision, scenario_id, status, mode, round, act, clues, clue_goal, seats, state, created_at, updated_at
    FROM json_to_recordset($1::json) AS r(game_id text, revision integer, scenario_id text, status text, mode text, round integer,
      act integer, clues integer, clue_goal integer, seats integer, state json, created_at text, updated_at text)
  ON CONFLICT (game_id) DO UPDATE SET revision = excluded.revision, scenario_id = excluded.scenario_id,
    status = excluded.status, mode = excluded.mode, round = excluded.round, act = excluded.act,
    clues = excluded.clues, clue_goal = excluded.clue_goal, seats = excluded.seats, state = excluded.state,
    created_at = excluded.created_at, updated_at = excluded.updated_at`;

const listFrom = (table: string) => `SELECT game_id "gameId", revision, scenario_id "scenarioId", status, mode, round, act, clues,
    clue_goal "clueGoal", seats, created_at "createdAt", updated_at "updatedAt" FROM ${table}
  WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR scenario_id = $2)
    AND ($4::text IS NULL OR (coalesce(created_at, ''), game_id) < ($3::text COLLATE "C", $4::text COLLATE "C"))
  ORDER BY coalesce(created_at, '') DESC, game_id DESC LIMIT $5`;

/**
 * The game-states read model in PostgreSQL, shared by every server: the table of the SQLite store
 * (summary columns plus the state as JSON), written by whichever server holds the projection's
 * lease, in the checkpoint's transaction; `list` reads the table, as every server's games list does.
 */
export class PostgresGameStateStore implements GameStateStore {
  private readonly rows: PostgresRows<GameStateRecord>;
  private readonly textBytes = new WeakMap<GameState, number>();
  private readonly table: string;
  private readonly listSql: string;

  constructor(
    private readonly db: PostgresReadModelDatabase,
    generation = 0,
  ) {
    this.table = generationTable('logbook_game_states', generation);
    this.listSql = listFrom(this.table);
    this.rows = new PostgresRows(
      db,
      'game-states',
      {
        table: this.table,
        key: (record) => record.gameId,
        serialise: (record) => {
          const state = JSON.stringify(record.state);
          this.textBytes.set(record.state, state.length);
          const s = summarize(record);
          // The state goes in as JSON text, unquoted: the recordset's `state json` column takes it as is.
          return `{"game_id":${JSON.stringify(s.gameId)},"revision":${s.revision},"scenario_id":${JSON.stringify(s.scenarioId)},"status":${JSON.stringify(s.status)},"mode":${JSON.stringify(s.mode)},"round":${s.round},"act":${s.act},"clues":${s.clues},"clue_goal":${s.clueGoal},"seats":${s.seats},"state":${state},"created_at":${JSON.stringify(s.createdAt)},"updated_at":${JSON.stringify(s.updatedAt)}}`;
        },
        upsert: upsertInto(this.table),
        keep: 100,
        keepBytes: { bytes: KEEP_BYTES, sizeOf: (record) => this.textBytes.get(record.state) ?? UNKNOWN_BYTES },
      },
      generation,
    );
  }

  get(gameId: string): Awaitable<GameStateRecord | undefined> {
    return this.rows.get(gameId, this.load);
  }

  put(record: GameStateRecord): void {
    this.rows.put(record);
  }

  /** Writes the row at once (an erasure's rewritten names; see PostgresRows.writeNow). */
  writeNow(record: GameStateRecord): Promise<void> {
    return this.rows.writeNow(record);
  }

  async list(query: GameSummaryQuery = {}): Promise<GameSummary[]> {
    const { rows } = await this.db.query<GameSummary>(this.listSql, [
      query.status ?? null,
      query.scenarioId ?? null,
      query.after?.createdAt ?? null,
      query.after?.gameId ?? null,
      query.limit ?? 100,
    ]);
    return rows;
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

  private readonly load = async (gameId: string): Promise<GameStateRecord | undefined> => {
    const { rows } = await this.db.query<{ revision: number; state: string; createdAt: string | null; updatedAt: string | null }>(
      `SELECT revision, state::text AS state, created_at "createdAt", updated_at "updatedAt" FROM ${this.table} WHERE game_id = $1`,
      [gameId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const state = JSON.parse(row.state) as GameState;
    this.textBytes.set(state, row.state.length);
    const record: GameStateRecord = { gameId, revision: row.revision, state };
    if (row.createdAt) record.createdAt = row.createdAt;
    if (row.updatedAt) record.updatedAt = row.updatedAt;
    return record;
  };
}
