// Where a game's events hold personal data, and how each place is sealed and opened: the names
// typed at seats, in a new game's or a fork's first event (its public seats, a fork's sealed
// starting board) and in the command it records; a profile's name where it registers and where a
// seat is claimed into it (`PlayerRegistered`, `SeatClaimed`). Nothing else in the log names a person.
import type { EventMetadata, NewEvent, RecordedEvent } from '@logbook/event-store';
import { commandFingerprint } from '../fingerprint';
import { playerSubject } from '../player-stream';
import { ERASED_NAME, isSealed, subjectOf, type PersonalDataVault } from './vault';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The event types that carry names. */
const NAMED_EVENTS: ReadonlySet<string> = new Set(['GameCreated', 'GameForked', 'PlayerRegistered', 'SeatClaimed']);

/**
 * Events whose one name is a profile's (`data: { playerId, name }`), sealed under `player:<playerId>`:
 * a profile registered (its own stream) and a seat claimed into a profile (a game's stream).
 */
const PROFILE_NAMED_EVENTS: ReadonlySet<string> = new Set(['PlayerRegistered', 'SeatClaimed']);

/** The `{ playerId, name }` of a profile-named event's payload, if it has them. */
const profileNamed = (type: string, payload: Json): Json | undefined => {
  if (!PROFILE_NAMED_EVENTS.has(type)) return undefined;
  const data = payload.data;
  return isObject(data) && typeof data.playerId === 'string' && data.playerId !== '' && typeof data.name === 'string' ? data : undefined;
};

/** The payload with its profile name replaced. */
const withProfileName = (payload: Json, data: Json, name: unknown): Json => Object.assign({}, payload, { data: Object.assign({}, data, { name }) });

export const holdsPersonalData = (type: string): boolean => NAMED_EVENTS.has(type);

/** A seat's subject: the profile it was taken with, else the name typed at that seat of that game. */
export const seatSubject = (gameId: string, seat: number, playerId?: unknown): string =>
  typeof playerId === 'string' && playerId !== '' ? playerSubject(playerId) : `seat:${gameId}:${seat}`;

/** Seat entries (`{ seat, name, playerId? }`) of an event's payload, by where they sit. */
function seatLists(payload: Json): Json[][] {
  const lists: Json[][] = [];
  const data = payload.data;
  if (isObject(data) && Array.isArray(data.seats)) lists.push(data.seats as Json[]);
  const secret = payload.secret;
  const state = isObject(secret) && isObject(secret.data) ? secret.data.state : undefined;
  if (isObject(state) && Array.isArray(state.seats)) lists.push(state.seats as Json[]);
  return lists;
}

/** A copy of `payload` with every seat list's names mapped (only the objects along the way are copied). */
function withSeatNames(payload: Json, names: (seat: Json) => unknown): Json {
  const mapSeats = (seats: unknown): unknown =>
    Array.isArray(seats) ? seats.map((s) => (isObject(s) && typeof s.name === 'string' ? Object.assign({}, s, { name: names(s) }) : s)) : seats;
  const out = Object.assign({}, payload);
  if (isObject(payload.data) && Array.isArray(payload.data.seats)) out.data = Object.assign({}, payload.data, { seats: mapSeats(payload.data.seats) });
  const secret = payload.secret;
  if (isObject(secret) && isObject(secret.data) && isObject(secret.data.state) && Array.isArray(secret.data.state.seats)) {
    const state = Object.assign({}, secret.data.state, { seats: mapSeats(secret.data.state.seats) });
    out.secret = Object.assign({}, secret, { data: Object.assign({}, secret.data, { state }) });
  }
  return out;
}

/** The recorded command's players (`CreateGame`, `ForkGame` with new names), if any. */
const playersOf = (metadata: EventMetadata | undefined): Json[] | undefined => {
  const command = metadata?.command;
  return isObject(command) && Array.isArray(command.players) ? (command.players as Json[]) : undefined;
};

/**
 * The fingerprint of a system command without its names: a hash of a name and a public scenario
 * would let anyone holding the log test guesses of the name, erased or not.
 */
function namelessFingerprint(command: Json, players: Json[]): string {
  const nameless = Object.assign({}, command, { players: players.map((p, i) => ({ seat: i + 1, playerId: p.playerId ?? null })) });
  // Without the game's id too, as the command was fingerprinted before it had one: an import (a
  // new id) of an export records the same fingerprint.
  delete nameless.gameId;
  return commandFingerprint(nameless);
}

/**
 * The sealed value each seat's name takes, by seat number, for a fork that kept its source's
 * names (the source's own sealed values, so one erasure reaches both), else undefined.
 */
export type SourceNames = (sourceGameId: string) => Promise<Map<number, string> | undefined>;

/** The event as it is stored: every name sealed under its seat's subject. */
export async function sealEvent(event: NewEvent, gameId: string | undefined, vault: PersonalDataVault, sourceNames: SourceNames): Promise<NewEvent> {
  if (!isObject(event.data)) return event;
  const payload = event.data;
  const profile = profileNamed(event.type, payload);
  if (profile) {
    if (isSealed(profile.name)) return event;
    // A profile's own stream notes no game; a claim notes the game so that an erasure refreshes it.
    const sealed = await vault.seal(playerSubject(profile.playerId as string), profile.name as string, gameId);
    return { id: event.id, type: event.type, data: withProfileName(payload, profile, sealed), metadata: event.metadata, schemaVersion: event.schemaVersion };
  }
  if (gameId === undefined) return event;
  const metadata = event.metadata;
  const players = playersOf(metadata);
  // A fork that named no new players keeps its source's: sealed as the source's are, under the
  // source's subjects (an import starts afresh: its names come from a file).
  let kept: Map<number, string> | undefined;
  const data = isObject(payload.data) ? payload.data : {};
  if (
    event.type === 'GameForked' &&
    players === undefined &&
    metadata?.importedFrom === undefined &&
    isObject(data.source) &&
    typeof data.source.gameId === 'string'
  ) {
    kept = await sourceNames(data.source.gameId);
  }
  // A seat's profile may be named on its seat entry or on the command's player (whichever the writer records).
  const playerIds = new Map<number, unknown>();
  players?.forEach((p, i) => isObject(p) && p.playerId !== undefined && playerIds.set(i + 1, p.playerId));
  for (const seats of seatLists(payload)) for (const s of seats) if (typeof s.seat === 'number' && s.playerId !== undefined) playerIds.set(s.seat, s.playerId);
  const sealedBySeat = new Map<number, string>();
  const sealName = async (seat: number, name: string): Promise<string> => {
    const known = sealedBySeat.get(seat);
    if (known !== undefined) return known;
    const source = kept?.get(seat);
    let sealed: string;
    if (source !== undefined && (await vault.open(source)) === name) {
      sealed = source;
      await vault.noteUse(subjectOf(source), gameId);
    } else sealed = await vault.seal(seatSubject(gameId, seat, playerIds.get(seat)), name, gameId);
    sealedBySeat.set(seat, sealed);
    return sealed;
  };
  for (const seats of seatLists(payload)) {
    for (const s of seats) if (typeof s.seat === 'number' && typeof s.name === 'string' && !isSealed(s.name)) await sealName(s.seat, s.name);
  }
  if (players) {
    for (let i = 0; i < players.length; i++) {
      const p = players[i];
      if (isObject(p) && typeof p.name === 'string' && !isSealed(p.name)) await sealName(i + 1, p.name);
    }
  }
  if (sealedBySeat.size === 0) return event;
  const sealedOf = (seat: unknown, name: unknown): unknown => (typeof seat === 'number' ? (sealedBySeat.get(seat) ?? name) : name);
  const storedPayload = withSeatNames(payload, (s) => sealedOf(s.seat, s.name));
  let storedMetadata = metadata;
  if (players && metadata && isObject(metadata.command)) {
    const command = Object.assign({}, metadata.command, {
      players: players.map((p, i) => (isObject(p) ? Object.assign({}, p, { name: sealedOf(i + 1, p.name) }) : p)),
    });
    storedMetadata = Object.assign({}, metadata, { command });
    if (typeof metadata.commandFingerprint === 'string') storedMetadata.commandFingerprint = namelessFingerprint(metadata.command, players);
  }
  return { id: event.id, type: event.type, data: storedPayload, metadata: storedMetadata, schemaVersion: event.schemaVersion };
}

/** The names of a first event's public seats as it holds them (sealed, or clear in an old log), by seat. */
export function seatNamesOf(event: RecordedEvent): Map<number, string> {
  const out = new Map<number, string>();
  const data = isObject(event.data) ? event.data.data : undefined;
  if (!isObject(data) || !Array.isArray(data.seats)) return out;
  for (const s of data.seats as unknown[]) if (isObject(s) && typeof s.seat === 'number' && typeof s.name === 'string') out.set(s.seat, s.name);
  return out;
}

/** The sealed names of a stored first event, by seat (what a fork keeping them copies). */
export function sealedNamesOf(stored: RecordedEvent): Map<number, string> {
  const out = new Map<number, string>();
  for (const [seat, name] of seatNamesOf(stored)) if (isSealed(name)) out.set(seat, name);
  return out;
}

/**
 * The event as read: every sealed name opened, `ERASED_NAME` where its subject is forgotten.
 * Synchronous while the keys are at hand (the embedded tables, keys read before).
 */
export function openEvent(event: RecordedEvent, vault: PersonalDataVault): RecordedEvent | Promise<RecordedEvent> {
  if (!isObject(event.data)) return event;
  const profile = profileNamed(event.type, event.data);
  if (profile) {
    if (!isSealed(profile.name)) return event;
    const payload = event.data;
    const withName = (name: string | null): RecordedEvent => Object.assign({}, event, { data: withProfileName(payload, profile, name ?? ERASED_NAME) });
    const name = vault.open(profile.name);
    return name instanceof Promise ? name.then(withName) : withName(name);
  }
  const sealed = new Set<string>();
  for (const seats of seatLists(event.data)) for (const s of seats) if (isSealed(s.name)) sealed.add(s.name);
  const players = playersOf(event.metadata);
  if (players) for (const p of players) if (isObject(p) && isSealed(p.name)) sealed.add(p.name);
  if (sealed.size === 0) return event;
  const opened = new Map<string, string>();
  const pending: Promise<void>[] = [];
  for (const value of sealed) {
    const name = vault.open(value);
    if (name instanceof Promise) pending.push(name.then((n) => void opened.set(value, n ?? ERASED_NAME)));
    else opened.set(value, name ?? ERASED_NAME);
  }
  const build = (): RecordedEvent => {
    const nameOf = (name: unknown): unknown => (isSealed(name) ? (opened.get(name) ?? ERASED_NAME) : name);
    const data = withSeatNames(event.data as Json, (s) => nameOf(s.name));
    let metadata = event.metadata;
    if (players && isObject(metadata.command)) {
      const command = Object.assign({}, metadata.command, { players: players.map((p) => (isObject(p) ? Object.assign({}, p, { name: nameOf(p.name) }) : p)) });
      metadata = Object.assign({}, metadata, { command });
    }
    return {
      id: event.id,
      streamId: event.streamId,
      revision: event.revision,
      position: event.position,
      type: event.type,
      data,
      metadata,
      schemaVersion: event.schemaVersion,
    };
  };
  return pending.length === 0 ? build() : Promise.all(pending).then(build);
}
