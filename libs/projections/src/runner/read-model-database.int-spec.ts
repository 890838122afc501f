import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteAnalyticsStore } from '../analytics/analytics-store';
import { newAnalyticsFold } from '../analytics/analytics-figures';
import { SqliteGameStateStore } from '../game-states/sqlite-game-state-store';
import { moveFromWithoutRowid } from './read-model-database';

const tableSql = (db: Database.Database, name: string) =>
  db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(name) as string | undefined;

describe('read-model tables an earlier version made WITHOUT ROWID', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-rowid-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('become rowid tables with every row, its columns matched by name, and nothing of the old table left', () => {
    const db = new Database(join(dir, 'models.sqlite'));
    db.exec('CREATE TABLE rows (key TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID');
    db.exec('ALTER TABLE rows ADD COLUMN added INTEGER');
    db.prepare('INSERT INTO rows (key, doc, added) VALUES (?, ?, ?)').run('a', 'x'.repeat(5000), 1);
    db.prepare('INSERT INTO rows (key, doc, added) VALUES (?, ?, ?)').run('b', '{}', null);
    const create = (name: string) => `CREATE TABLE ${name} (key TEXT NOT NULL PRIMARY KEY, added INTEGER, doc TEXT NOT NULL)`;
    moveFromWithoutRowid(db, 'rows', create);
    expect(tableSql(db, 'rows')).toBe(create('rows'));
    expect(db.prepare('SELECT key, length(doc) AS doc, added FROM rows ORDER BY key').all()).toEqual([
      { key: 'a', doc: 5000, added: 1 },
      { key: 'b', doc: 2, added: null },
    ]);
    expect(tableSql(db, 'rows_without_rowid')).toBeUndefined();
    // Again changes nothing: the table is a rowid table now.
    moveFromWithoutRowid(db, 'rows', create);
    expect(db.prepare('SELECT count(*) FROM rows').pluck().get()).toBe(2);
    db.close();
  });

  it("keep the analytics and game-states rows a file holds, and the game-states' newest-first index", () => {
    const filename = join(dir, 'read-models.sqlite');
    const old = new Database(filename);
    old.exec(`CREATE TABLE analytics_games (game_id TEXT PRIMARY KEY, scenario_id TEXT NOT NULL, created_at TEXT, simulated INTEGER NOT NULL,
      bot TEXT, players TEXT NOT NULL, fold TEXT NOT NULL) WITHOUT ROWID`);
    const fold = newAnalyticsFold('g-1');
    old.prepare('INSERT INTO analytics_games VALUES (?, ?, ?, ?, ?, ?, ?)').run('g-1', 'first-voyage', null, 0, null, '\u001f\u001f', JSON.stringify(fold));
    old.exec(`CREATE TABLE game_states (game_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, scenario_id TEXT NOT NULL, status TEXT NOT NULL,
      mode TEXT NOT NULL, round INTEGER NOT NULL, act INTEGER NOT NULL, clues INTEGER NOT NULL, clue_goal INTEGER NOT NULL, seats INTEGER NOT NULL,
      state TEXT NOT NULL, created_at TEXT, updated_at TEXT) WITHOUT ROWID`);
    old.exec('CREATE INDEX game_states_newest ON game_states (created_at DESC, game_id DESC)');
    old.close();

    const analytics = new SqliteAnalyticsStore({ filename });
    expect(analytics.get('g-1')).toEqual(fold);
    analytics.close();
    const states = new SqliteGameStateStore({ filename });
    expect(states.needsRebuild()).toBe(false);
    states.close();

    const db = new Database(filename, { readonly: true });
    expect(tableSql(db, 'analytics_games')).not.toMatch(/WITHOUT ROWID/i);
    expect(tableSql(db, 'game_states')).not.toMatch(/WITHOUT ROWID/i);
    expect(db.prepare("SELECT tbl_name FROM sqlite_master WHERE type = 'index' AND name = 'game_states_newest'").pluck().get()).toBe('game_states');
    db.close();
  });
});
