// A shared read model's lease lost at the worst moments, on a real PostgreSQL: its lock session
// terminated (pg_terminate_backend) while the holder opens a term, while the term's runner starts,
// while a rebuild catches up or switches, or a term that fails to start. Each time the server must
// stop every runner of the term and stand by (a runner left folding without the lease has its saves
// refused, and its loop's last refusal is a rejection nobody hears: Node ends the process on it,
// and Jest 30 fails the test that left it; a listener on the spec's `process` would hear nothing,
// Jest hands each spec file a copy of it), then run the read model again once the lease is free.
import type { ClientBase } from 'pg';
import { EventStoreUnavailableError } from '@logbook/event-store';
import { PostgresReadModelDatabase, ProjectionLease, ProjectionRunner, type ReadModelRunner } from '@logbook/projections';
import { eventually, useSharedServers, type Server } from './testing/shared-servers';

const GAME_STATES = 'game-states';

describe('a shared read model whose lease goes at the worst moment', () => {
  const shared = useSharedServers('read_model_lease_loss');
  const { open, append, expectUpToDate } = shared;

  /** Every server's leases, as its read models made them (`PostgresReadModelDatabase.lease`). */
  const leases = new Map<string, ProjectionLease>();
  /** What the next `ProjectionRunner.start` does before or after the real one (once). */
  let onNextStart: ((runner: ProjectionRunner, start: () => Promise<void>) => Promise<void>) | undefined;

  beforeEach(() => {
    leases.clear();
    onNextStart = undefined;
    const lease = PostgresReadModelDatabase.prototype.lease;
    jest.spyOn(PostgresReadModelDatabase.prototype, 'lease').mockImplementation(function (this: PostgresReadModelDatabase, name: string) {
      const made = lease.call(this, name);
      leases.set(`${this.serverId}/${name}`, made);
      return made;
    });
    const start = ProjectionRunner.prototype.start;
    jest.spyOn(ProjectionRunner.prototype, 'start').mockImplementation(function (this: ProjectionRunner) {
      const hook = onNextStart;
      onNextStart = undefined;
      return hook ? hook(this, () => start.call(this)) : start.call(this);
    });
  });

  afterEach(() => jest.restoreAllMocks());

  const leaseOf = (server: Server, name = GAME_STATES): ProjectionLease => {
    const lease = leases.get(`${server.id}/${name}`);
    if (!lease) throw new Error(`no lease ${server.id}/${name}`);
    return lease;
  };
  const runnerOf = (server: Server): ReadModelRunner => server.models.runners[GAME_STATES];

  /** The lock of `name`'s lease, as pg_locks shows the session that holds it for `server`. */
  async function lockOf(server: Server, name = GAME_STATES): Promise<{ pid: number; classid: number; objid: number }> {
    const probe = new PostgresReadModelDatabase(shared.database.url, 'probe');
    const key = probe.lockKeyOf(name);
    await probe.close();
    const { rows } = await shared.sql.query<{ pid: number; classid: number; objid: number }>(
      `SELECT l.pid, l.classid::int8::int4 AS classid, l.objid::int8::int4 AS objid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objid = $1::oid AND a.application_name = $2 AND a.datname = current_database()`,
      [key, `logbook ${server.id}`],
    );
    if (rows.length !== 1) throw new Error(`${server.id} holds ${rows.length} locks of ${name}`);
    return rows[0]!;
  }

  /** Ends `server`'s lock session of the lease and waits until the server knows it lost it. */
  async function terminate(server: Server): Promise<void> {
    const lock = await lockOf(server);
    await shared.sql.query('SELECT pg_terminate_backend($1)', [lock.pid]);
    await eventually(() => !leaseOf(server).isHeld, `${server.id} hears its lease is gone`);
  }

  /** Terminates the holder's lock session and takes the lock on the test's own ("thief"), so no server may have it back. */
  async function steal(server: Server): Promise<() => Promise<void>> {
    const lock = await lockOf(server);
    await shared.sql.query('SELECT pg_terminate_backend($1)', [lock.pid]);
    // Waits for the terminated session to let go of it.
    await shared.sql.query('SELECT pg_advisory_lock($1, $2)', [lock.classid, lock.objid]);
    await eventually(() => !leaseOf(server).isHeld, `${server.id} hears its lease is gone`);
    return async () => {
      await shared.sql.query('SELECT pg_advisory_unlock($1, $2)', [lock.classid, lock.objid]);
    };
  }

  /** The server stands by while the test's session holds the lease, then runs the read model again and writes every game. */
  async function standsByThenRecovers(server: Server, giveBack: () => Promise<void>): Promise<void> {
    await eventually(() => runnerOf(server).status === 'standby' && runnerOf(server).holder === 'thief', `${server.id} stands by, naming the thief`);
    await giveBack();
    await eventually(() => runnerOf(server).status === 'running' && runnerOf(server).holder === server.id, `${server.id} runs the read model again`);
    await append(server.store, 0.7, 1);
    await expectUpToDate(server);
  }

  /** The server holding the lease, its games written up to 0.3 of their logs; the test's session named "thief". */
  async function holder(): Promise<Server> {
    await shared.sql.query(`SET application_name = 'logbook thief'`);
    const east = await open('east');
    await append(east.store, 0, 0.3);
    await expectUpToDate(east);
    expect(runnerOf(east).status).toBe('running');
    return east;
  }

  /** Makes `server` take its lease again (it yields a few turns first) and resolves with the runner its new term starts. */
  async function nextTermRunner(server: Server): Promise<ProjectionRunner> {
    let started: ProjectionRunner | undefined;
    onNextStart = async (runner, start) => {
      started = runner;
      await start();
    };
    await terminate(server);
    await eventually(
      () => started !== undefined && started.status === 'running' && runnerOf(server).status === 'running',
      `${server.id} takes its lease again`,
    );
    return started!;
  }

  it('stops a term whose lease went while it was opened, and stands by', async () => {
    const east = await holder();
    let giveBack: (() => Promise<void>) | undefined;
    let armed = true;
    const generationTables = PostgresReadModelDatabase.prototype.generationTables;
    // Opening a term reads which generation tables exist: the lease goes right then.
    jest.spyOn(PostgresReadModelDatabase.prototype, 'generationTables').mockImplementation(async function (this: PostgresReadModelDatabase) {
      if (armed && this.serverId === east.id) {
        armed = false;
        giveBack = await steal(east);
      }
      return generationTables.call(this);
    });
    await terminate(east);
    await eventually(() => giveBack !== undefined, 'east opens a term again');
    await append(east.store, 0.3, 0.7);
    await standsByThenRecovers(east, giveBack!);
  });

  it('stops the runner of a term whose lease went while it started, before it folds without the lease', async () => {
    const east = await holder();
    let giveBack: (() => Promise<void>) | undefined;
    let lostTerm: ProjectionRunner | undefined;
    onNextStart = async (runner, start) => {
      lostTerm = runner;
      giveBack = await steal(east);
      await start();
    };
    await terminate(east);
    await eventually(() => giveBack !== undefined, 'east starts a term again');
    await append(east.store, 0.3, 0.7);
    // Without the lease the runner would fold these and try to write them (refused, on its timer).
    await eventually(() => lostTerm!.status !== 'running', 'the lost term stops');
    expect({ status: lostTerm!.status, error: lostTerm!.error }).toEqual({ status: 'stopped', error: undefined });
    await standsByThenRecovers(east, giveBack!);
  });

  it("stops the live runner too when the lease goes while a rebuild catches up (the rebuild's last save refused)", async () => {
    const east = await holder();
    const live = await nextTermRunner(east);
    let building: ProjectionRunner | undefined;
    let giveBack: (() => Promise<void>) | undefined;
    const rebuild = east.models.rebuildOnline(GAME_STATES, (status) => {
      if (status.state !== 'catching-up') return;
      // The next start is the new generation's runner, which follows the log from here.
      onNextStart = async (runner, start) => {
        building = runner;
        await start();
        await append(east.store, 0.3, 0.5);
        const last = (await east.store.lastPosition())!;
        await eventually(() => (live.position ?? -1n) >= last && (runner.position ?? -1n) >= last, 'both generations fold the new events');
        giveBack = await steal(east);
      };
    });
    await expect(rebuild.done).rejects.toThrow();
    // The generation being built had rows it had not written when the lease went: its last save was refused.
    const { rows } = await shared.sql.query<{ position: string }>(
      `SELECT position::text AS position FROM logbook_projection_checkpoints WHERE projection = 'game-states@g1'`,
    );
    expect(BigInt(rows[0]?.position ?? -1)).toBeLessThan(building!.position!);
    await append(east.store, 0.5, 0.7);
    await eventually(() => live.status !== 'running', 'the live runner of the lost term stops');
    expect({ status: live.status, error: live.error }).toEqual({ status: 'stopped', error: undefined });
    expect(building!.status).not.toBe('running');
    await standsByThenRecovers(east, giveBack!);
    expect(east.models.generation(GAME_STATES)).toBe(0);
    expect(east.models.rebuildStatus(GAME_STATES)?.state).toBe('failed');
  });

  it('does not start the live runner again when the lease went during the switch', async () => {
    const east = await holder();
    const live = await nextTermRunner(east);
    let giveBack: (() => Promise<void>) | undefined;
    const switchGeneration = PostgresReadModelDatabase.prototype.switchGeneration;
    jest.spyOn(PostgresReadModelDatabase.prototype, 'switchGeneration').mockImplementation(async function (this: PostgresReadModelDatabase, name, generation) {
      giveBack ??= await steal(east);
      return switchGeneration.call(this, name, generation);
    });
    const rebuild = east.models.rebuildOnline(GAME_STATES);
    await expect(rebuild.done).rejects.toThrow(/does not hold its lease/);
    await append(east.store, 0.3, 0.7);
    // Started again, it would fold these without the lease and try to write them (refused, on its timer).
    await eventually(() => live.status !== 'running', 'the live runner of the lost term stays stopped');
    expect({ status: live.status, error: live.error }).toEqual({ status: 'stopped', error: undefined });
    await standsByThenRecovers(east, giveBack!);
    expect(east.models.generation(GAME_STATES)).toBe(0);
  });

  it('starts a fresh term on the next turn when the first could not start (its checkpoint read cut off)', async () => {
    const east = await holder();
    let cut = false;
    onNextStart = async (_runner, start) => {
      // The checkpoint's table locked, the runner's read of it waits for the lock; its session is terminated.
      const sql: ClientBase = shared.sql;
      await sql.query('BEGIN');
      let starting: Promise<void>;
      try {
        await sql.query('LOCK TABLE logbook_projection_checkpoints IN ACCESS EXCLUSIVE MODE');
        starting = start();
        starting.catch(() => undefined);
        let waiting: number[] = [];
        await eventually(async () => {
          const { rows } = await sql.query<{ pid: number }>(
            `SELECT pid FROM pg_locks WHERE relation = 'logbook_projection_checkpoints'::regclass AND mode = 'AccessShareLock' AND NOT granted`,
          );
          waiting = rows.map((r) => r.pid);
          return waiting.length > 0;
        }, 'the checkpoint read waits');
        expect(waiting).toHaveLength(1);
        await sql.query('SELECT pg_terminate_backend($1)', [waiting[0]]);
      } finally {
        await sql.query('COMMIT');
      }
      await expect(starting).rejects.toThrow(EventStoreUnavailableError);
      cut = true;
      return starting;
    };
    await terminate(east);
    await eventually(() => cut, 'east starts a term again, and it fails');
    await eventually(() => runnerOf(east).status === 'running', 'east runs the read model in a fresh term');
    await append(east.store, 0.3, 1);
    await expectUpToDate(east);
  });
});
