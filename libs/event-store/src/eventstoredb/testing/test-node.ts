// One member of the test EventStoreDB: a gRPC server answering ServerFeatures, Gossip and
// Streams (Read, Append, BatchAppend) over the cluster's shared log. Test support only.
import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import { GossipService } from '@eventstore/db-client/generated/gossip_grpc_pb';
import * as gossip from '@eventstore/db-client/generated/gossip_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import * as features from '@eventstore/db-client/generated/serverfeatures_pb';
import type * as shared from '@eventstore/db-client/generated/shared_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import type * as streams from '@eventstore/db-client/generated/streams_pb';
import { type Expected, type LogRecord, type ProposedEvent, RecentIds, type TestLog } from './test-log';
import {
  accessDenied,
  appendSuccess,
  appendWrongExpectedVersion,
  batchError,
  batchSuccess,
  caughtUp,
  checkpoint,
  confirmation,
  eventResponse,
  expectedOf,
  notLeader,
  streamDeleted,
  streamName,
  streamNotFound,
  unavailable,
  uuid,
} from './test-messages';

/** What a node asks of its cluster. */
export interface NodeCluster {
  readonly log: TestLog;
  leader(): TestNode | undefined;
  members(): TestNode[];
  /** Refuse `$all` reads and subscriptions, as a secure cluster does for a user outside `$admins`. */
  readonly faults: { denyAll: boolean; delayMs: number; unavailable: boolean };
  /** Whether ServerFeatures lists BatchAppend (servers since 21.10 do; client v6 then batches appends). */
  readonly batchAppend: boolean;
}

export const SERVER_VERSION = '24.10.0-logbook-test-server';
const HOST = '127.0.0.1';
const DEFAULT_SEARCH_WINDOW = 32;

interface OpenCall {
  drop(error: grpc.ServiceError): void;
}

export class TestNode {
  readonly instanceId = randomUUID();
  port = 0;
  /** Idempotency cache for `any` / `stream_exists` appends: per node, lost on restart. */
  readonly recentIds = new RecentIds();
  private server: grpc.Server | undefined;
  private readonly open = new Set<OpenCall>();

  constructor(private readonly cluster: NodeCluster) {}

  get host(): string {
    return HOST;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  isLeader(): boolean {
    return this.cluster.leader() === this;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new grpc.Server();
    server.addService(ServerFeaturesService, { getSupportedMethods: this.supportedMethods });
    server.addService(GossipService, { read: this.gossip });
    server.addService(StreamsService, {
      read: this.read,
      append: this.append,
      batchAppend: this.batchAppend,
      delete: this.unimplemented,
      tombstone: this.unimplemented,
    });
    this.port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(`${HOST}:${this.port}`, grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
    );
    this.server = server;
  }

  /** Like a killed process: the port closes, every open call breaks, the volatile cache is gone. */
  stop(): void {
    this.server?.forceShutdown();
    this.server = undefined;
    this.open.clear();
    this.recentIds.clear();
  }

  /** Ends every open subscription and batch-append stream with `error` (a dropped connection by default). */
  dropOpenCalls(error: grpc.ServiceError = unavailable('Dropped by the test server')): void {
    for (const call of [...this.open]) call.drop(error);
  }

  notLeaderError(): grpc.ServiceError {
    const leader = this.cluster.leader();
    return leader ? notLeader(leader.host, leader.port) : unavailable('No leader elected');
  }

  memberInfo(): gossip.MemberInfo {
    const member = new gossip.MemberInfo();
    member.setInstanceId(uuid(this.instanceId));
    member.setTimeStamp(String(Date.now() * 10_000));
    member.setIsAlive(this.running);
    member.setState(
      !this.running ? gossip.MemberInfo.VNodeState.SHUTDOWN : this.isLeader() ? gossip.MemberInfo.VNodeState.LEADER : gossip.MemberInfo.VNodeState.FOLLOWER,
    );
    const endpoint = new gossip.EndPoint();
    endpoint.setAddress(this.host);
    endpoint.setPort(this.port);
    member.setHttpEndPoint(endpoint);
    return member;
  }

  // ---- ServerFeatures and Gossip --------------------------------------------------------------

  private readonly supportedMethods: grpc.handleUnaryCall<shared.Empty, features.SupportedMethods> = (_call, callback) => {
    const methods = [
      ['event_store.client.streams.streams', 'read', ['position', 'events']],
      ['event_store.client.streams.streams', 'append', []],
      ['event_store.client.streams.streams', 'batchappend', []],
      ['event_store.client.gossip.gossip', 'read', []],
      ['event_store.client.server_features.serverfeatures', 'getsupportedmethods', []],
    ] as const;
    const answer = new features.SupportedMethods();
    answer.setEventStoreServerVersion(SERVER_VERSION);
    answer.setMethodsList(
      methods
        .filter(([, method]) => method !== 'batchappend' || this.cluster.batchAppend)
        .map(([service, method, list]) =>
          new features.SupportedMethod()
            .setServiceName(service)
            .setMethodName(method)
            .setFeaturesList([...list]),
        ),
    );
    callback(null, answer);
  };

  private readonly gossip: grpc.handleUnaryCall<shared.Empty, gossip.ClusterInfo> = (_call, callback) => {
    callback(null, new gossip.ClusterInfo().setMembersList(this.cluster.members().map((member) => member.memberInfo())));
  };

  private readonly unimplemented: grpc.handleUnaryCall<unknown, unknown> = (_call, callback) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: 'Not implemented by the test server' });

  /** Refusals common to every Streams call: unavailable, not the leader, slow. */
  private async admit(): Promise<grpc.ServiceError | undefined> {
    const { faults } = this.cluster;
    if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    if (faults.unavailable || !this.running) return unavailable('Server is not ready');
    if (!this.isLeader()) return this.notLeaderError();
    return undefined;
  }

  // ---- Streams.Append and Streams.BatchAppend -------------------------------------------------

  private readonly append: grpc.handleClientStreamingCall<streams.AppendReq, streams.AppendResp> = (call, callback) => {
    let options: streams.AppendReq.Options | undefined;
    const events: ProposedEvent[] = [];
    call.on('data', (request: streams.AppendReq) => {
      if (request.hasOptions()) options = request.getOptions();
      const message = request.getProposedMessage();
      if (message) events.push(proposed(message));
    });
    const finish = async () => {
      const refused = await this.admit();
      if (refused) return callback(refused);
      if (!options) return callback({ code: grpc.status.INVALID_ARGUMENT, details: 'No options' });
      const streamId = streamName(options.getStreamIdentifier());
      const expected = expectedOf(options);
      const outcome = this.cluster.log.append(streamId, expected, events, this.recentIds);
      if (outcome.kind === 'stream_deleted') return callback(streamDeleted(streamId));
      if (outcome.kind === 'wrong_expected_version') return callback(null, appendWrongExpectedVersion(outcome.current, expected));
      callback(null, appendSuccess(outcome.revision, outcome.position));
    };
    // The emitter does not await its listeners: a fault of the test server itself answers the
    // call as an internal error rather than leaving the client waiting and the rejection loose.
    call.on('end', () => void finish().catch((error: unknown) => callback({ code: grpc.status.INTERNAL, details: String(error) })));
  };

  private readonly batchAppend: grpc.handleBidiStreamingCall<streams.BatchAppendReq, streams.BatchAppendResp> = async (call) => {
    const refused = await this.admit();
    if (refused) return void call.emit('error', refused);
    const pending = new Map<string, { streamId: string; expected: Expected; events: ProposedEvent[] }>();
    const tracked = this.track({ drop: (error) => call.emit('error', error) });
    const handle = async (request: streams.BatchAppendReq) => {
      const correlation = request.getCorrelationId() as shared.UUID;
      const key = correlation.getString();
      const options = request.getOptions();
      const batch = pending.get(key) ?? {
        streamId: streamName(options?.getStreamIdentifier()),
        expected: options ? expectedOf(options) : { kind: 'any' as const },
        events: [],
      };
      pending.set(key, batch);
      batch.events.push(...request.getProposedMessagesList().map(proposed));
      if (!request.getIsFinal()) return;
      pending.delete(key);
      const again = await this.admit();
      if (again) return void call.emit('error', again);
      const outcome = this.cluster.log.append(batch.streamId, batch.expected, batch.events, this.recentIds);
      if (outcome.kind === 'success') call.write(batchSuccess(correlation, batch.streamId, outcome.revision, outcome.position));
      else if (outcome.kind === 'stream_deleted') call.write(batchError(correlation, batch.streamId, { deleted: true }));
      else call.write(batchError(correlation, batch.streamId, { wrong: { current: outcome.current, expected: batch.expected } }));
    };
    // As for Append: the emitter does not await a listener, so a fault ends the call as an error.
    call.on(
      'data',
      (request: streams.BatchAppendReq) =>
        void handle(request).catch((error: unknown) => call.emit('error', { code: grpc.status.INTERNAL, details: String(error) })),
    );
    call.on('end', () => {
      tracked();
      call.end();
    });
    call.on('cancelled', tracked);
    call.on('error', tracked);
  };

  // ---- Streams.Read: streams, $all, subscriptions ---------------------------------------------

  private readonly read: grpc.handleServerStreamingCall<streams.ReadReq, streams.ReadResp> = async (call) => {
    const refused = await this.admit();
    if (refused) return void call.emit('error', refused);
    const options = call.request.getOptions();
    if (!options) return void call.emit('error', { code: grpc.status.INVALID_ARGUMENT, details: 'No options' });
    if (options.hasAll() && this.cluster.faults.denyAll) return void call.emit('error', accessDenied());
    const backwards = options.getReadDirection() === 1;
    const count = options.hasCount() ? Number(options.getCount()) : Number.MAX_SAFE_INTEGER;
    const filter = filterOf(options);

    if (options.hasStream()) {
      if (options.hasSubscription())
        return void call.emit('error', { code: grpc.status.UNIMPLEMENTED, details: 'Stream subscriptions are not implemented by the test server' });
      const stream = options.getStream() as streams.ReadReq.Options.StreamOptions;
      const streamId = streamName(stream.getStreamIdentifier());
      if (this.cluster.log.isTombstoned(streamId)) return void call.emit('error', streamDeleted(streamId));
      const records = this.cluster.log.stream(streamId);
      if (!records?.length) {
        call.write(streamNotFound(streamId));
        return void call.end();
      }
      const selected = backwards
        ? records.slice(0, stream.hasRevision() ? Number(stream.getRevision()) + 1 : records.length).reverse()
        : records.slice(stream.hasRevision() ? Number(stream.getRevision()) : stream.hasEnd() ? records.length : 0);
      return this.writeAll(call, selected.slice(0, count));
    }

    const all = options.getAll() as streams.ReadReq.Options.AllOptions;
    const log = this.cluster.log;
    const at = all.hasPosition() ? BigInt((all.getPosition() as streams.ReadReq.Options.Position).getCommitPosition()) : undefined;
    if (options.hasSubscription()) {
      // A subscription starts strictly after its position; from the end it only sees what comes.
      const cursor = all.hasEnd() ? log.records.length : at === undefined ? 0 : log.indexAfter(at);
      return this.subscribe(call, cursor, filter);
    }
    let selected: LogRecord[];
    if (backwards) {
      const before = all.hasEnd() || (!all.hasPosition() && !all.hasStart()) ? log.records.length : at === undefined ? 0 : log.indexAtOrAfter(at);
      selected = log.records.slice(0, before).reverse();
    } else {
      selected = log.records.slice(all.hasEnd() ? log.records.length : at === undefined ? 0 : log.indexAtOrAfter(at));
    }
    const matching: LogRecord[] = [];
    for (const record of selected) {
      if (matching.length >= count) break;
      if (!filter || filter.matches(record)) matching.push(record);
    }
    return this.writeAll(call, matching);
  };

  private async writeAll(call: grpc.ServerWritableStream<streams.ReadReq, streams.ReadResp>, records: LogRecord[]): Promise<void> {
    let cancelled = false;
    call.on('cancelled', () => (cancelled = true));
    for (const record of records) {
      if (cancelled) return;
      if (!call.write(eventResponse(record))) await new Promise((resolve) => call.once('drain', resolve));
    }
    call.end();
  }

  private subscribe(call: grpc.ServerWritableStream<streams.ReadReq, streams.ReadResp>, start: number, filter: Filter | undefined): void {
    const log = this.cluster.log;
    let cursor = start;
    let scanned = 0;
    let live = false;
    let waiting = false;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      stopListening();
      untrack();
    };
    const pump = () => {
      if (closed || waiting) return;
      while (cursor < log.records.length) {
        const record = log.records[cursor++];
        scanned += 1;
        let ready = true;
        if (!filter || filter.matches(record)) ready = call.write(eventResponse(record));
        if (filter && scanned >= filter.checkpointEvery) {
          ready = call.write(checkpoint(record.position)) && ready;
          scanned = 0;
        }
        if (!ready) {
          waiting = true;
          call.once('drain', () => {
            waiting = false;
            pump();
          });
          return;
        }
      }
      if (!live) {
        live = true;
        const head = log.headPosition;
        if (filter && scanned > 0 && head !== undefined) call.write(checkpoint(head));
        scanned = 0;
        call.write(caughtUp());
      }
    };
    const stopListening = log.onAppended(pump);
    const untrack = this.track({
      drop: (error) => {
        close();
        call.emit('error', error);
      },
    });
    call.on('cancelled', close);
    call.on('error', close);
    call.write(confirmation(randomUUID()));
    pump();
  }

  private track(call: OpenCall): () => void {
    this.open.add(call);
    return () => this.open.delete(call);
  }
}

interface Filter {
  matches(record: LogRecord): boolean;
  checkpointEvery: number;
}

/** A server-side filter: stream name or event type, by prefixes or a regular expression. */
function filterOf(options: streams.ReadReq.Options): Filter | undefined {
  if (!options.hasFilter()) return undefined;
  const filter = options.getFilter() as streams.ReadReq.Options.FilterOptions;
  const onStream = filter.hasStreamIdentifier();
  const expression = (onStream ? filter.getStreamIdentifier() : filter.getEventType()) as streams.ReadReq.Options.FilterOptions.Expression;
  const prefixes = expression.getPrefixList();
  const regex = prefixes.length === 0 && expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const window = filter.hasMax() ? filter.getMax() : DEFAULT_SEARCH_WINDOW;
  return {
    checkpointEvery: window * Math.max(1, filter.getCheckpointintervalmultiplier()),
    matches: (record) => {
      const value = onStream ? record.streamId : record.type;
      return regex ? regex.test(value) : prefixes.some((prefix) => value.startsWith(prefix));
    },
  };
}

function proposed(message: streams.AppendReq.ProposedMessage | streams.BatchAppendReq.ProposedMessage): ProposedEvent {
  const metadata = message.getMetadataMap();
  return {
    id: (message.getId() as shared.UUID).getString(),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    metadata: message.getCustomMetadata_asU8(),
  };
}
