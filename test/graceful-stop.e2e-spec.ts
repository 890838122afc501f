// Stopping the server: from the signal on, writes and new live feeds are refused with 503 and
// Retry-After while reads are still answered; open feeds end with a reconnect hint; SIGTERM
// under load loses no acknowledged order, leaves no request unanswered, and the process exits 0
// with its read models checkpointed and its lock released.
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { openEventStore } from '@logbook/app-core';
import { gameStreamId } from '@logbook/game-log';
import { SqliteCheckpointStore } from '@logbook/projections';
import { GracefulStop } from '../apps/server/src/shutdown/graceful-stop';
import { createGame, send, view } from './support/api';
import { newDataDir, removeDataDir, startApp } from './support/app';
import { acknowledgedAtLeast, createLoadGames, orderLoad, startServerProcess, type Fate } from './support/server-process';

jest.setTimeout(120_000);

/** A live feed's raw text until the server ends it. */
const followFeed = (url: string): { opened: Promise<void>; text: Promise<string> } => {
  let opened!: () => void;
  const openedPromise = new Promise<void>((resolve) => (opened = resolve));
  const text = new Promise<string>((resolve, reject) => {
    const req = get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`the feed answered ${res.statusCode}`));
      let received = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        received += chunk;
        if (received.includes('retry: 2000')) opened();
      });
      res.on('end', () => resolve(received));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { opened: openedPromise, text };
};

describe('a stopping server', () => {
  it('refuses orders, new games and new feeds with 503 and Retry-After, still answers reads, and ends open feeds with a retry hint', async () => {
    const app = await startApp();
    try {
      const game = await createGame(app);
      await app.app.listen(0, '127.0.0.1');
      const base = (await app.app.getUrl()).replace('[::1]', '127.0.0.1');
      const feed = followFeed(`${base}/games/${game.gameId}/live`);
      await feed.opened;

      app.app.get(GracefulStop).begin();
      const refused = await send(app, game.gameId, game.seats[0], { type: 'EndTurn' });
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body).toMatchObject({ type: '/problems/server-stopping', status: 503 });
      const create = await app
        .http()
        .post('/games')
        .send({ scenario: 'first-voyage', players: [{ name: 'Late' }] });
      expect(create.status).toBe(503);
      const newFeed = await app.http().get(`/games/${game.gameId}/live`);
      expect(newFeed.status).toBe(503);
      expect(newFeed.headers['retry-after']).toBe('5');
      // Reads are answered until the listener closes, each on a connection that then closes.
      const read = await app.http().get(`/games/${game.gameId}`).set('Authorization', `Bearer ${game.seats[0].token}`);
      expect(read.status).toBe(200);
      expect(read.headers.connection).toBe('close');
      expect((await view(app, game.gameId, game.seats[0])).revision).toBe(game.revision);

      await app.close();
      const text = await feed.text;
      expect(text).toMatch(/\nretry: \d{4}\n: the server is stopping\n\n$/);
    } finally {
      removeDataDir(app.dataDir);
    }
  });

  it('on SIGTERM under load: every request answered or its connection refused, no acknowledged order lost, exit 0', async () => {
    const dataDir = newDataDir();
    try {
      const server = await startServerProcess(dataDir, { LOGBOOK_SHUTDOWN_TIMEOUT_MS: '20000' });
      const games = await createLoadGames(server.base, 4);
      const feed = followFeed(`${server.base}/games/${games[0].gameId}/live`);
      await feed.opened;
      const load = orderLoad(server.base, games);
      await acknowledgedAtLeast(load, 80);
      const acknowledgedBeforeSignal = load.acknowledged.length;
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      // The loops end on their first refused connection; none may be still waiting.
      await load.done;

      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.output()).not.toMatch(/the stop failed|longer than LOGBOOK_SHUTDOWN_TIMEOUT_MS|"statusCode":500/);
      expect(load.acknowledged.length).toBeGreaterThanOrEqual(acknowledgedBeforeSignal);
      // Precisely what a client may meet: an answer (200, or 503 with Retry-After), or, once
      // the listener has closed, a refused connection. Never a reset or a request left hanging.
      const unexpected = load.fates.filter(
        (fate: Fate) => !('error' in fate ? fate.error === 'ECONNREFUSED' : fate.status === 200 || (fate.status === 503 && fate.retryAfter === '5')),
      );
      expect(unexpected).toEqual([]);
      expect(load.fates.filter((fate) => 'error' in fate)).toHaveLength(games.length);
      expect(await feed.text).toMatch(/\nretry: \d{4}\n: the server is stopping\n\n$/);
      expect(existsSync(join(dataDir, 'logbook.sqlite.lock'))).toBe(false);

      // Restarted from the files: every acknowledged order is in the log, and the read models'
      // checkpoints are at the store's last game event (nothing left to replay).
      const store = openEventStore({ kind: 'sqlite', filename: join(dataDir, 'logbook.sqlite') });
      try {
        const recorded = new Set<string>();
        for (const game of games) {
          const log = await store.readStream(gameStreamId(game.gameId));
          if (log.status !== 'ok') throw new Error(`no log for ${game.gameId}`);
          for (const event of log.events) recorded.add(String(event.metadata?.commandId));
        }
        expect(load.acknowledged.filter((commandId) => !recorded.has(commandId))).toEqual([]);
        const last = await store.lastPosition({ streamPrefixes: ['game-'] });
        const checkpoints = new SqliteCheckpointStore({ filename: join(dataDir, 'read-models.sqlite') });
        try {
          expect(await checkpoints.load('game-states')).toBe(last);
          expect(await checkpoints.load('analytics')).toBe(last);
        } finally {
          await checkpoints.close();
        }
      } finally {
        await store.close();
      }
    } finally {
      removeDataDir(dataDir);
    }
  });
});
