import type { DomainEvent } from '../event';

/**
 * [D §11] a seat asked to take back `actionIds` (the effective actions from the top down, in the
 * order they would be undone); the board would return to revision `backTo`. `requestId` is this
 * event's revision. The times are the server's clock when it was decided (milliseconds since the epoch): expiry is
 * decided from recorded times only, so a replay decides the same.
 */
export type TakebackRequested = DomainEvent<
  'TakebackRequested',
  { requestId: number; seat: number; actionIds: string[]; backTo: number; requestedAt: number; expiresAt: number }
>;
/** [D §11] a seat accepted; when it was the last one asked, the undos follow in the same action. */
export type TakebackAccepted = DomainEvent<'TakebackAccepted', { requestId: number; seat: number; at: number }>;
/** [D §11] a seat declined: the request is over. */
export type TakebackDeclined = DomainEvent<'TakebackDeclined', { requestId: number; seat: number; at: number }>;
/** [D §11] the requester withdrew its request. */
export type TakebackWithdrawn = DomainEvent<'TakebackWithdrawn', { requestId: number; seat: number; at: number }>;

export type TakebackEvent = TakebackRequested | TakebackAccepted | TakebackDeclined | TakebackWithdrawn;
