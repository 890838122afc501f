import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { actionMetadata, gameStreamId, toNewEvents } from '@logbook/game-log';
import { createGame, play, view } from './support/api';
import { removeDataDir, startApp } from './support/app';

const run = promisify(execFile);
const CLI = ['-r', '@swc-node/register', join(__dirname, '..', 'apps', 'cli', 'src', 'main.ts')];

describe('npm run cli -- revalidate', () => {
  it("decides every stored game again and reports the first action today's rules decide differently", async () => {
    const app = await startApp();
    const good = await createGame(app, 'first-voyage', 1);
    await play(app, good.gameId, good.seats[0], { type: 'StartNavigation' });
    await play(app, good.gameId, good.seats[0], { type: 'EndNavigation' });
    const fork = await app
      .http()
      .post(`/games/${good.gameId}/fork`)
      .set({ Authorization: `Bearer ${good.seats[0].token}` })
      .send({ at: (await view(app, good.gameId)).revision })
      .expect(201);
    await play(app, fork.body.gameId, fork.body.seats[0], { type: 'EndTurn' });
    // A game whose log holds an action today's rules decide otherwise (a round that never was).
    const bad = await createGame(app, 'first-voyage', 1);
    const store: EventStore = app.app.get(EVENT_STORE);
    const { revision } = await view(app, bad.gameId);
    const { first, rest } = actionMetadata({
      commandId: 'odd-1',
      seat: 1,
      recordedAt: new Date().toISOString(),
      command: { type: 'EndTurn' },
      commandFingerprint: 'x',
    });
    await store.append(
      gameStreamId(bad.gameId),
      toNewEvents(bad.gameId, 'odd-1', [{ type: 'TurnEnded', data: { seat: 1, round: 42 } }], rest, first),
      revision,
    );
    await app.close();
    const env = { ...process.env, LOGBOOK_DATA_DIR: app.dataDir };
    const cwd = join(__dirname, '..');
    try {
      const all = await run('node', [...CLI, 'revalidate'], { env, cwd }).then(
        () => {
          throw new Error('revalidate should exit 1 when a game differs');
        },
        (error: { code: number; stdout: string }) => error,
      );
      expect(all.code).toBe(1);
      expect(all.stdout).toMatch(new RegExp(`game ${good.gameId}: ok \\(3 actions`));
      expect(all.stdout).toMatch(new RegExp(`game ${fork.body.gameId}: ok \\(2 actions`));
      expect(all.stdout).toMatch(
        new RegExp(
          `game ${bad.gameId}: DIFFERS at action 2 of 2 \\(commandId odd-1, EndTurn\\) at revision ${revision + 1}: TurnEnded differs: data.round: 42 then, 1 today`,
        ),
      );
      expect(all.stdout).toContain('revalidated 3 games: 2 ok, 1 decided differently today');
      const one = await run('node', [...CLI, 'revalidate', '--game', good.gameId], { env, cwd });
      expect(one.stdout).toContain('revalidated 1 games: 1 ok');
      await expect(run('node', [...CLI, 'revalidate', '--gmae', 'x'], { env, cwd })).rejects.toMatchObject({ code: 2 });
    } finally {
      removeDataDir(app.dataDir);
    }
  }, 60_000);
});
