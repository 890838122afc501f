// A rules change deployed under stored games: every game records the rules it was created under;
// a server with changed rules freezes exactly the running games whose logs they decide
// differently; the command line reports them (the deploy gate) and migrates one back to playable;
// a fork of a frozen game is a new game under today's rules and plays.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameStreamId, scenarioDigest } from '@logbook/game-log';
import { builtInScenario } from '@logbook/content';
import { rulesVersion } from '@logbook/rules';
import { changeRuleValue } from '@logbook/rules/testing/changed-rules';
import { asText, createGame, play, send, view } from './support/api';
import { startApp, type TestApp } from './support/app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..');
const MAIN = join(ROOT, 'apps', 'cli', 'src', 'main.ts');
/** The command line as deployed today, and as a build whose plans hold one step at most. */
const TODAY = ['-r', '@swc-node/register', MAIN];
const CHANGED = ['-r', '@swc-node/register', '-r', join(__dirname, 'support', 'changed-plan-limit.ts'), MAIN];

/** Runs the command line; its exit code, whatever it is. */
const cli = (app: TestApp, node: string[], ...args: string[]) =>
  run('node', [...node, ...args], { env: { ...process.env, LOGBOOK_DATA_DIR: app.dataDir }, cwd: ROOT }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

/** A whole Navigation order of two turns: allowed today, refused by the changed build. */
const TWO_TURNS = {
  type: 'Navigate',
  steps: [
    { action: 'turn', direction: 'cw' },
    { action: 'turn', direction: 'ccw' },
  ],
};

describe('rules versions: a changed rule deployed under stored games', () => {
  let app: TestApp;
  let restore: () => void = () => undefined;
  afterAll(async () => {
    restore();
    await app?.dispose();
  });

  it('records the version, freezes exactly the games the change affects, and migrate or a fork brings play back', async () => {
    const today = rulesVersion();
    app = await startApp();
    // Plans two turns as one order, then ends its turn: the change refuses its second action.
    const planner = await createGame(app, 'first-voyage', 1);
    await play(app, planner.gameId, planner.seats[0], TWO_TURNS);
    await play(app, planner.gameId, planner.seats[0], { type: 'EndTurn' });
    // Gives its orders step by step: the change never touches it.
    const stepper = await createGame(app, 'first-voyage', 1);
    await play(app, stepper.gameId, stepper.seats[0], { type: 'StartNavigation' });
    await play(app, stepper.gameId, stepper.seats[0], { type: 'EndNavigation' });
    // Affected too; it is forked instead of migrated.
    const forked = await createGame(app, 'first-voyage', 1);
    await play(app, forked.gameId, forked.seats[0], TWO_TURNS);

    const before = await view(app, planner.gameId);
    expect(before.rules).toEqual({
      createdUnder: { rules: today, scenario: scenarioDigest(builtInScenario('first-voyage')!) },
      decidedUnder: today,
      server: today,
      frozen: null,
    });

    // The gate before the deploy: the changed build would freeze the two running planners.
    await app.close();
    const gate = await cli(app, CHANGED, 'revalidate');
    expect(gate.code).toBe(1);
    expect(gate.stdout).toMatch(
      new RegExp(
        `game ${planner.gameId}: DIFFERS at action 2 of 3 \\(commandId [^,]+, Navigate\\) at revision \\d+: today's rules refuse Navigate: command.invalid`,
      ),
    );
    expect(gate.stdout).toContain(
      `running: a server with these rules freezes it until an operator migrates it (npm run cli -- migrate --game ${planner.gameId}) (rules ${today})`,
    );
    expect(gate.stdout).toMatch(new RegExp(`game ${stepper.gameId}: ok \\(3 actions`));
    expect(gate.stdout).toContain(`rules ${today}: 3 games, 1 ok, 2 decided differently today (2 running)`);
    expect(gate.stdout).toContain('revalidated 3 games: 1 ok, 2 decided differently today (2 running)');
    // Today's build passes the same gate.
    expect(await cli(app, TODAY, 'revalidate')).toMatchObject({ code: 0 });

    // The deploy: a server with the changed rule.
    restore = changeRuleValue('maxPlanSteps', 1);
    const changed = rulesVersion();
    expect(changed).not.toBe(today);
    app = await app.restart();

    // The affected game is frozen: readable, replayable, not playable.
    const frozen = await view(app, planner.gameId);
    expect(frozen.rules).toMatchObject({
      decidedUnder: today,
      server: changed,
      frozen: { action: 2, commandType: 'Navigate', refusedBy: 'command.invalid', revision: planner.revision + 1 },
    });
    const refused = await send(app, planner.gameId, planner.seats[0], { type: 'StartNavigation' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      type: '/problems/game-frozen',
      rule: 'game.frozen-rules-changed',
      divergedAt: { action: 2, commandType: 'Navigate' },
    });
    expect(refused.body.detail).toContain('npm run cli -- migrate');
    expect((await send(app, planner.gameId, planner.seats[0], { type: 'Undo' })).status).toBe(409);
    const handOver = await app
      .http()
      .post(`/games/${planner.gameId}/seats/1/bot`)
      .set({ Authorization: `Bearer ${planner.seats[0].token}` })
      .send({ bot: 'greedy' });
    expect(handOver.status).toBe(409);
    expect(handOver.body).toMatchObject({ rule: 'game.frozen-rules-changed' });
    // Nor a seat claimed into a profile: like a handover, it changes who holds the seat.
    const profile = (await app.http().post('/players').send({ name: 'Ana' }).expect(201)).body as { playerId: string; secret: string };
    const claim = await app
      .http()
      .post(`/games/${planner.gameId}/seats/1/claim`)
      .set({ Authorization: `Bearer ${planner.seats[0].token}` })
      .send({ playerId: profile.playerId, playerSecret: profile.secret });
    expect(claim.status).toBe(409);
    expect(claim.body).toMatchObject({ rule: 'game.frozen-rules-changed' });
    await app.http().get(`/games/${planner.gameId}?at=1`).expect(200);
    await app.http().get(`/games/${planner.gameId}/events`).expect(200);
    await app.http().get(`/games/${planner.gameId}/timeline`).expect(200);

    // The game that never used the rule carries on, and its next action records the new version.
    expect((await view(app, stepper.gameId)).rules).toMatchObject({ decidedUnder: today, frozen: null });
    await play(app, stepper.gameId, stepper.seats[0], { type: 'EndTurn' });
    expect((await view(app, stepper.gameId)).rules).toMatchObject({ createdUnder: { rules: today }, decidedUnder: changed, frozen: null });

    // A fork of a frozen game is a new game under today's rules: it plays.
    expect((await send(app, forked.gameId, forked.seats[0], { type: 'EndTurn' })).status).toBe(409);
    const fork = await app
      .http()
      .post(`/games/${forked.gameId}/fork`)
      .set({ Authorization: `Bearer ${forked.seats[0].token}` })
      .send({ at: (await view(app, forked.gameId)).revision })
      .expect(201);
    await play(app, fork.body.gameId, fork.body.seats[0], { type: 'EndTurn' });
    expect((await view(app, fork.body.gameId)).rules).toMatchObject({ createdUnder: { rules: changed }, decidedUnder: changed, frozen: null });

    // The operator migrates the frozen game (the server stopped: it holds the SQLite file).
    await app.close();
    expect(await cli(app, CHANGED, 'migrate')).toMatchObject({ code: 2 });
    expect(await cli(app, CHANGED, 'migrate', '--game', 'no-such-game')).toMatchObject({ code: 4 });
    const migrated = await cli(app, CHANGED, 'migrate', '--game', planner.gameId);
    expect(migrated.stderr).toBe('');
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toMatch(
      new RegExp(
        `game ${planner.gameId}: migrated from rules ${today} to ${changed.replace('+', '\\+')}: action 2 of 3 \\(commandId [^,]+, Navigate\\) .*took back 2 actions`,
      ),
    );
    // Migrated again: nothing to do.
    expect(await cli(app, CHANGED, 'migrate', '--game', planner.gameId)).toMatchObject({ code: 0, stdout: expect.stringContaining('nothing to migrate') });
    // The gate now holds the one game left frozen (the forked one: its fork plays, it stays as it is).
    const after = await cli(app, CHANGED, 'revalidate');
    expect(after.code).toBe(1);
    expect(after.stdout).toMatch(new RegExp(`game ${planner.gameId}: ok`));
    expect(after.stdout).toMatch(new RegExp(`game ${forked.gameId}: DIFFERS`));
    expect(await cli(app, CHANGED, 'revalidate', '--game', planner.gameId)).toMatchObject({ code: 0 });

    // Back to playable, from the board before the refused plan; it replays under the new rules.
    app = await app.restart();
    const playable = await view(app, planner.gameId);
    expect(playable.rules).toMatchObject({ decidedUnder: changed, frozen: null });
    expect(playable.round).toBe(1);
    expect(playable).toMatchObject({ undo: null, redo: null }); // nothing before the migration is taken back, nothing it took back comes back
    await play(app, planner.gameId, planner.seats[0], { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] });
    const store: EventStore = app.app.get(EVENT_STORE);
    const log = await store.readStream(gameStreamId(planner.gameId));
    expect(log.status === 'ok' && log.events.map((e) => e.type)).toEqual(expect.arrayContaining(['ActionUndone', 'GameMigrated']));
    const events = await app.http().get(`/games/${planner.gameId}/events`).expect(200);
    const migration = events.body.events.find((e: { type: string }) => e.type === 'GameMigrated');
    expect(migration.data).toMatchObject({ fromVersion: today, toVersion: changed, takenBack: 2, divergedAt: { actionIndex: 1, commandType: 'Navigate' } });
  }, 120_000);

  it("keeps an inline scenario's digest to itself while the game runs: it would let anyone test guesses of the stack and the box", async () => {
    const own = await startApp();
    try {
      const document = { ...builtInScenario('first-voyage')!, stackOrder: 'as-listed', name: 'A private voyage' };
      const game = await createGame(own, document, 1);
      expect((await view(own, game.gameId, game.seats[0])).rules.createdUnder).toEqual({ rules: rulesVersion() });
      const exported = await own
        .http()
        .get(`/games/${game.gameId}/export`)
        .set({ Authorization: `Bearer ${game.seats[0].token}` })
        .buffer(true)
        .parse(asText)
        .expect(200);
      const first = JSON.parse((exported.body as string).split('\n')[1]!) as { rulesVersion?: unknown };
      expect(first.rulesVersion).toEqual({ rules: rulesVersion() });
      // The log keeps it, for the operator's tools.
      const store: EventStore = own.app.get(EVENT_STORE);
      const log = await store.readStream(gameStreamId(game.gameId), { maxCount: 1 });
      expect(log.status === 'ok' && log.events[0]!.metadata.rulesVersion).toEqual({ rules: rulesVersion(), scenario: scenarioDigest(document as never) });
    } finally {
      await own.dispose();
    }
  });
});
