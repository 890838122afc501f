import 'reflect-metadata';
import { toAppConfig, validateEnvironment } from './app-config';

const config = (env: Record<string, string>) => toAppConfig(validateEnvironment(env));

describe('LOGBOOK_FREEZE_STATES', () => {
  it('freezes game states by default, and not under NODE_ENV=production', () => {
    expect(config({}).freezeStates).toBe(true);
    expect(config({ NODE_ENV: 'test' }).freezeStates).toBe(true);
    expect(config({ NODE_ENV: 'production' }).freezeStates).toBe(false);
  });

  it('is what the variable says when set', () => {
    expect(config({ NODE_ENV: 'production', LOGBOOK_FREEZE_STATES: 'on' }).freezeStates).toBe(true);
    expect(config({ LOGBOOK_FREEZE_STATES: 'off' }).freezeStates).toBe(false);
  });

  it('refuses any other value at start-up', () => {
    expect(() => config({ LOGBOOK_FREEZE_STATES: 'yes' })).toThrow(/LOGBOOK_FREEZE_STATES/);
  });
});

describe('the storage budget', () => {
  it('allows 10,000 games per client address and any data folder size by default', () => {
    expect(config({})).toMatchObject({ maxGamesPerClient: 10_000 });
    expect(config({}).maxDataMb).toBeUndefined();
  });

  it('takes LOGBOOK_MAX_GAMES_PER_CLIENT and LOGBOOK_MAX_DATA_MB as whole numbers', () => {
    expect(config({ LOGBOOK_MAX_GAMES_PER_CLIENT: '5', LOGBOOK_MAX_DATA_MB: '2048' })).toMatchObject({ maxGamesPerClient: 5, maxDataMb: 2048 });
    expect(() => config({ LOGBOOK_MAX_GAMES_PER_CLIENT: '0' })).toThrow(/LOGBOOK_MAX_GAMES_PER_CLIENT/);
    expect(() => config({ LOGBOOK_MAX_DATA_MB: '1.5' })).toThrow(/LOGBOOK_MAX_DATA_MB/);
  });

  it('refuses a data folder limit for a store that keeps no data folder', () => {
    expect(() => config({ LOGBOOK_STORE: 'memory', LOGBOOK_MAX_DATA_MB: '10' })).toThrow(/LOGBOOK_MAX_DATA_MB: measures the SQLite store/);
  });
});

describe('LOGBOOK_STORE=postgres', () => {
  it('takes the store from LOGBOOK_POSTGRES_URL, named in its start-up errors, and keeps the read models beside it, shared', () => {
    const url = 'postgres://logbook:secret@db:5432/logbook?schema=games';
    const { store, readModels } = config({ LOGBOOK_STORE: 'postgres', LOGBOOK_POSTGRES_URL: url, LOGBOOK_DATA_DIR: '/srv/logbook' });
    expect(store).toEqual({ kind: 'postgres', url, urlName: 'LOGBOOK_POSTGRES_URL' });
    expect(readModels).toEqual({ kind: 'postgres', url, serverId: expect.stringMatching(/.+:\d+$/) });
  });

  it('names this server by LOGBOOK_SERVER_ID when set', () => {
    const { readModels } = config({ LOGBOOK_STORE: 'postgres', LOGBOOK_POSTGRES_URL: 'postgres://db/logbook', LOGBOOK_SERVER_ID: 'east-1' });
    expect(readModels).toEqual({ kind: 'postgres', url: 'postgres://db/logbook', serverId: 'east-1' });
    expect(() => config({ LOGBOOK_STORE: 'postgres', LOGBOOK_POSTGRES_URL: 'postgres://db/logbook', LOGBOOK_SERVER_ID: 'has space' })).toThrow(/LOGBOOK_SERVER_ID/);
  });

  it('is a configuration problem naming LOGBOOK_POSTGRES_URL when the URL is missing or not a postgres:// URL', () => {
    expect(() => config({ LOGBOOK_STORE: 'postgres' })).toThrow(/LOGBOOK_POSTGRES_URL: needed when LOGBOOK_STORE=postgres/);
    expect(() => config({ LOGBOOK_STORE: 'postgres', LOGBOOK_POSTGRES_URL: 'mysql://db/x' })).toThrow(/LOGBOOK_POSTGRES_URL: must be a postgres:\/\/ URL/);
  });
});
