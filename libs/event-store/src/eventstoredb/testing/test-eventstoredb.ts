/**
 * A protocol-level EventStoreDB for tests: the real `@eventstore/db-client` talks gRPC to it as
 * to a server (ServerFeatures, Gossip, Streams.Read / Append / BatchAppend), and it keeps the
 * log in memory. It is TEST SUPPORT, never a store option, and not EventStoreDB: a run against
 * a real server (`EVENTSTORE_CONNECTION_STRING`) is still the final word.
 *
 *   const server = await startTestEventStoreDb();           // one node
 *   const cluster = await startTestEventStoreDb({ nodes: 3 }); // leader + two followers
 *   new EventStoreDbEventStore({ connectionString: server.connectionString });
 *
 * Faults: `stop()` / `restart()` (a killed and restarted process: the port closes, the log
 * stays, the volatile idempotency cache goes), `dropSubscriptions()`, `unavailable(true)`
 * (every call refused as "not ready"), `slow(ms)`, `denyAllReads(true)` (what a secure
 * cluster answers a user outside `$admins`), `tombstone(stream)`, `changeLeader()`.
 */
import { TestLog } from './test-log';
import { type NodeCluster, TestNode } from './test-node';
import { notLeader } from './test-messages';

export interface TestEventStoreDbOptions {
  /** 1 (default) for a single node, 3 for a cluster with gossip and a leader. */
  nodes?: number;
  /** false: answer like a server before 21.10, so the client appends with the unary Append call. */
  batchAppend?: boolean;
}

export class TestEventStoreDb implements NodeCluster {
  readonly log = new TestLog();
  readonly faults = { denyAll: false, delayMs: 0, unavailable: false };
  readonly nodes: TestNode[];
  private leaderIndex = 0;

  constructor(
    size: number,
    readonly batchAppend = true,
  ) {
    this.nodes = Array.from({ length: size }, () => new TestNode(this));
  }

  /** `esdb://…?tls=false`; for a cluster the hosts are gossip seeds and writes go to the leader. */
  get connectionString(): string {
    const hosts = this.nodes.map((node) => `${node.host}:${node.port}`).join(',');
    return this.nodes.length === 1
      ? `esdb://${hosts}?tls=false`
      : `esdb://${hosts}?tls=false&nodePreference=leader&discoveryInterval=50&maxDiscoverAttempts=40&gossipTimeout=2`;
  }

  leader(): TestNode | undefined {
    const node = this.nodes[this.leaderIndex];
    return node?.running ? node : undefined;
  }

  members(): TestNode[] {
    return this.nodes;
  }

  get leaderNode(): TestNode {
    return this.nodes[this.leaderIndex];
  }

  async start(): Promise<this> {
    for (const node of this.nodes) await node.start();
    this.log.appendSystem('$epochs', '$epoch', { leader: this.leaderNode.instanceId });
    return this;
  }

  /** Every node stops: ports close, open calls break. The log is kept (it is "on disk"). */
  stop(): void {
    for (const node of this.nodes) node.stop();
  }

  /** Starts every node again on the same ports with the same log; a new epoch is recorded. */
  async restart(): Promise<void> {
    this.stop();
    await this.start();
  }

  /**
   * Elects another member (the next one by default). The old leader ends its open calls and
   * from then on answers "not leader" with the new leader's address, as a follower asked to
   * lead does; the client reconnects there. Nothing acknowledged is lost: the log is shared,
   * as a quorum-acknowledged write survives an election.
   */
  changeLeader(to = (this.leaderIndex + 1) % this.nodes.length): void {
    if (this.nodes.length < 2) throw new Error('a single node has no other member to elect');
    const old = this.leaderNode;
    this.leaderIndex = to;
    this.leaderNode.recentIds.clear();
    this.log.appendSystem('$epochs', '$epoch', { leader: this.leaderNode.instanceId });
    old.dropOpenCalls(notLeader(this.leaderNode.host, this.leaderNode.port));
  }

  dropSubscriptions(): void {
    for (const node of this.nodes) node.dropOpenCalls();
  }

  unavailable(on: boolean): void {
    this.faults.unavailable = on;
  }

  slow(ms: number): void {
    this.faults.delayMs = ms;
  }

  denyAllReads(on: boolean): void {
    this.faults.denyAll = on;
  }

  tombstone(streamId: string): void {
    this.log.tombstone(streamId);
  }

  /** A system record in `$all` (statistics, scavenge…): counts for positions, matches no user filter. */
  writeSystemEvent(streamId = '$stats-127.0.0.1:2113', type = '$statsCollected'): void {
    this.log.appendSystem(streamId, type);
  }

  close(): void {
    this.stop();
  }
}

export async function startTestEventStoreDb(options: TestEventStoreDbOptions = {}): Promise<TestEventStoreDb> {
  return new TestEventStoreDb(options.nodes ?? 1, options.batchAppend ?? true).start();
}
