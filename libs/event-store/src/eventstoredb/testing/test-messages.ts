// Protobuf messages of the test EventStoreDB, built with the client's own generated classes so
// the bytes on the wire are exactly what the client parses.
import * as grpc from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty as ProtoEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import * as shared from '@eventstore/db-client/generated/shared_pb';
import * as streams from '@eventstore/db-client/generated/streams_pb';
import * as status from '@eventstore/db-client/generated/status_pb';
import type { Expected, LogRecord } from './test-log';

export const { ReadReq, ReadResp, AppendReq, AppendResp, BatchAppendReq, BatchAppendResp } = streams;

export function uuid(id: string): shared.UUID {
  const message = new shared.UUID();
  message.setString(id);
  return message;
}

export function streamIdentifier(streamId: string): shared.StreamIdentifier {
  const message = new shared.StreamIdentifier();
  message.setStreamName(Buffer.from(streamId, 'utf8'));
  return message;
}

export const streamName = (identifier: shared.StreamIdentifier | undefined): string =>
  Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');

export function eventResponse(record: LogRecord): streams.ReadResp {
  const recorded = new streams.ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(uuid(record.id));
  recorded.setStreamIdentifier(streamIdentifier(record.streamId));
  recorded.setStreamRevision(record.revision.toString());
  recorded.setPreparePosition(record.position.toString());
  recorded.setCommitPosition(record.position.toString());
  const metadata = recorded.getMetadataMap();
  metadata.set('type', record.type);
  metadata.set('content-type', record.contentType);
  metadata.set('created', record.created.toString());
  recorded.setData(record.data);
  recorded.setCustomMetadata(record.metadata);
  const event = new streams.ReadResp.ReadEvent();
  event.setEvent(recorded);
  event.setCommitPosition(record.position.toString());
  const response = new streams.ReadResp();
  response.setEvent(event);
  return response;
}

export function confirmation(subscriptionId: string): streams.ReadResp {
  const message = new streams.ReadResp.SubscriptionConfirmation();
  message.setSubscriptionId(subscriptionId);
  return new streams.ReadResp().setConfirmation(message);
}

export function checkpoint(position: bigint): streams.ReadResp {
  const message = new streams.ReadResp.Checkpoint();
  message.setCommitPosition(position.toString());
  message.setPreparePosition(position.toString());
  return new streams.ReadResp().setCheckpoint(message);
}

export const caughtUp = (): streams.ReadResp => new streams.ReadResp().setCaughtUp(new streams.ReadResp.CaughtUp());

export function streamNotFound(streamId: string): streams.ReadResp {
  const message = new streams.ReadResp.StreamNotFound();
  message.setStreamIdentifier(streamIdentifier(streamId));
  return new streams.ReadResp().setStreamNotFound(message);
}

/** The gRPC error EventStoreDB answers with: a status code plus an `exception` trailer the client switches on. */
export function serverError(code: grpc.status, details: string, exception?: string, extra: Record<string, string> = {}): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  if (exception) metadata.set('exception', exception);
  for (const [key, value] of Object.entries(extra)) metadata.set(key, value);
  return Object.assign(new Error(details), { code, details, metadata });
}

export const notLeader = (host: string, port: number): grpc.ServiceError =>
  serverError(grpc.status.NOT_FOUND, 'Leader info available', 'not-leader', {
    'leader-endpoint-host': host,
    'leader-endpoint-port': String(port),
  });

export const streamDeleted = (streamId: string): grpc.ServiceError =>
  serverError(grpc.status.FAILED_PRECONDITION, `Event stream '${streamId}' is deleted.`, 'stream-deleted', { 'stream-name': streamId });

export const accessDenied = (): grpc.ServiceError => serverError(grpc.status.PERMISSION_DENIED, 'Access Denied', 'access-denied');

export const unavailable = (details: string): grpc.ServiceError => serverError(grpc.status.UNAVAILABLE, details);

/** Expected revision of an Append (unary) or BatchAppend request. */
export function expectedOf(options: streams.AppendReq.Options | streams.BatchAppendReq.Options): Expected {
  if (options instanceof streams.AppendReq.Options) {
    if (options.hasRevision()) return { kind: 'revision', revision: BigInt(options.getRevision()) };
    if (options.hasNoStream()) return { kind: 'no_stream' };
    if (options.hasStreamExists()) return { kind: 'stream_exists' };
    return { kind: 'any' };
  }
  if (options.hasStreamPosition()) return { kind: 'revision', revision: BigInt(options.getStreamPosition()) };
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  return { kind: 'any' };
}

export function appendSuccess(revision: bigint, position: bigint): streams.AppendResp {
  const success = new streams.AppendResp.Success();
  success.setCurrentRevision(revision.toString());
  const where = new streams.AppendResp.Position();
  where.setCommitPosition(position.toString());
  where.setPreparePosition(position.toString());
  success.setPosition(where);
  return new streams.AppendResp().setSuccess(success);
}

export function appendWrongExpectedVersion(current: bigint | undefined, expected: Expected): streams.AppendResp {
  const wrong = new streams.AppendResp.WrongExpectedVersion();
  if (current === undefined) wrong.setCurrentNoStream(new shared.Empty());
  else wrong.setCurrentRevision(current.toString());
  if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
  else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new shared.Empty());
  else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new shared.Empty());
  else wrong.setExpectedAny(new shared.Empty());
  return new streams.AppendResp().setWrongExpectedVersion(wrong);
}

export function batchSuccess(correlationId: shared.UUID, streamId: string, revision: bigint, position: bigint): streams.BatchAppendResp {
  const success = new streams.BatchAppendResp.Success();
  success.setCurrentRevision(revision.toString());
  const where = new shared.AllStreamPosition();
  where.setCommitPosition(position.toString());
  where.setPreparePosition(position.toString());
  success.setPosition(where);
  return new streams.BatchAppendResp().setCorrelationId(correlationId).setStreamIdentifier(streamIdentifier(streamId)).setSuccess(success);
}

/** A batch's failure is a google.rpc.Status whose details pack the typed reason. */
export function batchError(
  correlationId: shared.UUID,
  streamId: string,
  reason: { wrong?: { current: bigint | undefined; expected: Expected }; deleted?: true },
): streams.BatchAppendResp {
  const error = new status.Status();
  const details = new Any();
  if (reason.wrong) {
    const { current, expected } = reason.wrong;
    const wrong = new shared.WrongExpectedVersion();
    if (current === undefined) wrong.setCurrentNoStream(new ProtoEmpty());
    else wrong.setCurrentStreamRevision(current.toString());
    if (expected.kind === 'revision') wrong.setExpectedStreamPosition(expected.revision.toString());
    else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new ProtoEmpty());
    else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new ProtoEmpty());
    else wrong.setExpectedAny(new ProtoEmpty());
    details.pack(wrong.serializeBinary(), 'event_store.client.WrongExpectedVersion');
    error.setCode(9).setMessage('WrongExpectedVersion');
  } else {
    const deleted = new shared.StreamDeleted();
    deleted.setStreamIdentifier(streamIdentifier(streamId));
    details.pack(deleted.serializeBinary(), 'event_store.client.StreamDeleted');
    error.setCode(9).setMessage('StreamDeleted');
  }
  error.setDetails(details);
  return new streams.BatchAppendResp().setCorrelationId(correlationId).setStreamIdentifier(streamIdentifier(streamId)).setError(error);
}
