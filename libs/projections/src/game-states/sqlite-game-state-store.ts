import type Database from 'better-sqlite3';
import { BufferedRows } from '../runner/buffered-rows';
import { moveFromWithoutRowid, openReadModelDatabase } from '../runner/read-model-database';
import type { GameState } from '@logbook/rules';
import { summarize, type GameStateRecord, type GameStateStore, type GameSummary, type GameSummaryQuery } from './game-state-store.port';

/** Characters of state JSON the rows kept in memory may add up to (about three times that in heap). */
const KEEP_BYTES = 32 * 1024 * 1024;
/** A state not written or read by this store yet (put, not flushed): counted as a small game's. */
const UNKNOWN_BYTES = 16 * 1024;

/**
 * The game-states read model in SQLite: the folded state as JSON plus summary columns that
 * cross-game queries (lists, analytics) read without parsing states. Records changed since the
 * last flush stay in memory (`BufferedRows`) and are written together, once each, when the runner
 * checkpoints: a game's state is serialised once per checkpoint, not once per event.
 */
/** One row per game, its whole state a JSON document (a rowid table: see moveFromWithoutRowid). */
const createGameStatesTable = (name: string, ifNotExists = '') => `CREATE TABLE ${ifNotExists} ${name} (
  game_id     TEXT NOT NULL PRIMARY KEY,
  revision    INTEGER NOT NULL,
  scenario_id TEXT NOT NULL,
  status      TEXT NOT NULL,
  mode        TEXT NOT NULL,
  round       INTEGER NOT NULL,
  act         INTEGER NOT NULL,
  clues       INTEGER NOT NULL,
  clue_goal   INTEGER NOT NULL,
  seats       INTEGER NOT NULL,
  state       TEXT NOT NULL,
  created_at  TEXT,
  updated_at  TEXT
)`;

export class SqliteGameStateStore implements GameStateStore {
  private readonly db: Database.Database;
  private readonly statements;
  private readonly rows: BufferedRows<GameStateRecord>;
  /** The JSON length of each state as last written or read, for the bound on rows kept in memory. */
  private readonly textBytes = new WeakMap<GameState, number>();
  private stale = false;

  constructor({ filename }: { filename: string }) {
    this.db = openReadModelDatabase(filename);
    this.db.exec(createGameStatesTable('game_states', 'IF NOT EXISTS'));
    // Files written before games had times gain the columns; their rows have no times, and the
    // checkpoint is past the events that carry them, so the runner rebuilds the read model.
    const columns = new Set((this.db.pragma('table_info(game_states)') as Array<{ name: string }>).map((c) => c.name));
    for (const column of ['created_at', 'updated_at']) {
      if (columns.has(column)) continue;
      this.db.exec(`ALTER TABLE game_states ADD COLUMN ${column} TEXT`);
      this.stale ||= this.db.prepare('SELECT 1 FROM game_states LIMIT 1').get() !== undefined;
    }
    moveFromWithoutRowid(this.db, 'game_states', (name) => createGameStatesTable(name));
    this.db.exec('CREATE INDEX IF NOT EXISTS game_states_newest ON game_states (created_at DESC, game_id DESC)');
    this.statements = {
      get: this.db.prepare('SELECT revision, state, created_at createdAt, updated_at updatedAt FROM game_states WHERE game_id = ?'),
      put: this.db.prepare(`INSERT INTO game_states
          (game_id, revision, scenario_id, status, mode, round, act, clues, clue_goal, seats, state, created_at, updated_at) VALUES
        (@gameId, @revision, @scenarioId, @status, @mode, @round, @act, @clues, @clueGoal, @seats, @state, @createdAt, @updatedAt)
        ON CONFLICT (game_id) DO UPDATE SET revision = excluded.revision, scenario_id = excluded.scenario_id,
          status = excluded.status, mode = excluded.mode, round = excluded.round, act = excluded.act,
          clues = excluded.clues, clue_goal = excluded.clue_goal, seats = excluded.seats, state = excluded.state,
          created_at = excluded.created_at, updated_at = excluded.updated_at`),
      list: this.db.prepare(`SELECT game_id gameId, revision, scenario_id scenarioId, status, mode, round, act, clues,
          clue_goal clueGoal, seats, created_at createdAt, updated_at updatedAt FROM game_states
        WHERE (@status IS NULL OR status = @status) AND (@scenarioId IS NULL OR scenario_id = @scenarioId)
          AND (@afterGameId IS NULL OR (coalesce(created_at, ''), game_id) < (@afterCreatedAt, @afterGameId))
        ORDER BY coalesce(created_at, '') DESC, game_id DESC LIMIT @limit`),
      clear: this.db.prepare('DELETE FROM game_states'),
    };
    const put = this.statements.put;
    this.rows = new BufferedRows(this.db, {
      key: (record) => record.gameId,
      write: (record) => {
        const state = JSON.stringify(record.state);
        this.textBytes.set(record.state, state.length);
        put.run({ ...summarize(record), state });
      },
      keep: 100,
      keepBytes: { bytes: KEEP_BYTES, sizeOf: (record) => this.textBytes.get(record.state) ?? UNKNOWN_BYTES },
    });
  }

  get(gameId: string): GameStateRecord | undefined {
    return this.rows.get(gameId, this.load);
  }

  put(record: GameStateRecord): void {
    this.rows.put(record);
  }

  flush(): void {
    this.rows.flush();
  }

  unwritten(): number {
    return this.rows.pending;
  }

  list(query: GameSummaryQuery = {}): GameSummary[] {
    this.flush();
    return this.statements.list.all({
      status: query.status ?? null,
      scenarioId: query.scenarioId ?? null,
      limit: query.limit ?? 100,
      afterCreatedAt: query.after?.createdAt ?? null,
      afterGameId: query.after?.gameId ?? null,
    }) as GameSummary[];
  }

  needsRebuild(): boolean {
    return this.stale;
  }

  clear(): void {
    this.statements.clear.run();
    this.rows.clear();
    this.stale = false;
  }

  close(): void {
    this.rows.close();
  }

  private parsed(text: string): GameState {
    const state = JSON.parse(text) as GameState;
    this.textBytes.set(state, text.length);
    return state;
  }

  private readonly load = (gameId: string): GameStateRecord | undefined => {
    const row = this.statements.get.get(gameId) as { revision: number; state: string; createdAt: string | null; updatedAt: string | null } | undefined;
    return (
      row && {
        gameId,
        revision: row.revision,
        state: this.parsed(row.state),
        ...(row.createdAt ? { createdAt: row.createdAt } : {}),
        ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}),
      }
    );
  };
}
