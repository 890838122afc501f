// How a v2 SQLite row holds what the port's RecordedEvent says, in fewer bytes (docs/event-log-format.md):
// - event ids that are lowercase RFC 4122 UUIDs (every id Logbook makes) as 16-byte blobs;
// - metadata as a JSON array of values in a fixed key order instead of an object of key/value
//   pairs, `recordedAt` as epoch milliseconds, and `schemaVersion` left out when it equals the
//   row's own schema_version. Decoding gives back the same object, keys in the same order.
import type { EventMetadata } from '../event-store.port';

/** The value of a lowercase hex digit's char code, or -1. */
const hexDigit = (code: number): number => (code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1);

/**
 * The id as stored: 16 bytes when it is a lowercase UUID (it then reads back identical), else the
 * text. `into` (16 bytes) is written and returned instead of a new Buffer: SQLite copies a bound
 * blob, so the append path reuses one.
 */
export function encodeEventId(id: string, into?: Buffer): Buffer | string {
  if (id.length !== 36) return id;
  const bytes = into ?? Buffer.allocUnsafe(16);
  let at = 0;
  for (let i = 0; i < 36;) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (id.charCodeAt(i) !== 45 /* - */) return id;
      i++;
      continue;
    }
    const high = hexDigit(id.charCodeAt(i));
    const low = hexDigit(id.charCodeAt(i + 1));
    if (high < 0 || low < 0) return id;
    bytes[at++] = (high << 4) | low;
    i += 2;
  }
  return bytes;
}

/** 32 lowercase hex digits as a UUID. */
export const uuidOfHex = (hex: string): string => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

export function decodeEventId(stored: Buffer | string): string {
  return typeof stored === 'string' ? stored : uuidOfHex(stored.toString('hex'));
}

/**
 * The keys a v2 file stores by position, in the order Logbook writes them. Part of the file
 * format: changing this list needs a new schema version.
 */
export const POSITIONAL_KEYS = ['commandId', 'seat', 'recordedAt', 'command', 'commandFingerprint'] as const;
const RECORDED_AT = 2;
/** Bit of the mask: a trailing `schemaVersion` equal to the row's. */
const SCHEMA_VERSION_BIT = 1 << POSITIONAL_KEYS.length;
/** Bit of the mask: an object of the other keys follows the positional values. */
const REST_BIT = SCHEMA_VERSION_BIT << 1;
/** Bit of the mask: `recordedAt` is stored as epoch milliseconds. */
const TIME_BIT = REST_BIT << 1;

let cachedMinute = Number.NaN;
let cachedPrefix = '';
/** `new Date(ms).toISOString()`, without a Date for events recorded in the same minute. */
export function isoTime(ms: number): string {
  const minute = Math.floor(ms / 60_000);
  if (minute !== cachedMinute) {
    const iso = new Date(minute * 60_000).toISOString();
    cachedPrefix = iso.slice(0, iso.length - 7); // up to "HH:MM:"
    cachedMinute = minute;
  }
  const rest = ms - minute * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${cachedPrefix}${seconds < 10 ? '0' : ''}${seconds}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

/**
 * Epoch milliseconds of an ISO time that `toISOString` gives back exactly; otherwise undefined.
 * A time in the minute `isoTime` last formatted (nearly every event: they are recorded now) is
 * read digit by digit against that minute's prefix, without Date.parse and toISOString.
 */
export function compactTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length < 24 || value.charCodeAt(value.length - 1) !== 90 /* Z */) return undefined;
  const sameMinute = timeInCachedMinute(value);
  if (sameMinute !== undefined) return sameMinute;
  const ms = Date.parse(value);
  if (!(Number.isSafeInteger(ms) && new Date(ms).toISOString() === value)) return undefined;
  isoTime(ms); // the next times of this minute take the way above
  return ms;
}

const digitAt = (text: string, at: number): number => {
  const code = text.charCodeAt(at);
  return code >= 48 && code <= 57 ? code - 48 : -1;
};

/** `value` is the cached minute's prefix then exactly "SS.mmmZ" as toISOString writes it: its ms. */
function timeInCachedMinute(value: string): number | undefined {
  const at = cachedPrefix.length;
  if (at === 0 || value.length !== at + 7 || !value.startsWith(cachedPrefix) || value.charCodeAt(at + 2) !== 46 /* . */) return undefined;
  const s1 = digitAt(value, at);
  const s2 = digitAt(value, at + 1);
  const m1 = digitAt(value, at + 3);
  const m2 = digitAt(value, at + 4);
  const m3 = digitAt(value, at + 5);
  if (s1 < 0 || s1 > 5 || s2 < 0 || m1 < 0 || m2 < 0 || m3 < 0) return undefined;
  return cachedMinute * 60_000 + (s1 * 10 + s2) * 1000 + m1 * 100 + m2 * 10 + m3;
}

/**
 * The stored form: `[mask, ...values, rest?]`. Leading keys of POSITIONAL_KEYS, in that order,
 * are values (bit i of the mask says key i is there); every key after the first one that is not
 * goes into `rest` in its order, except a last `schemaVersion` equal to the row's (a mask bit).
 * A `recordedAt` that round-trips is a number (ms, a mask bit), any other stays as it was.
 */
export function encodeMetadata(metadata: EventMetadata | undefined, schemaVersion: number): string {
  if (!metadata) return '[0]';
  const values: unknown[] = [0];
  let mask = 0;
  let rest: Record<string, unknown> | undefined;
  let next = 0;
  const keys = Object.keys(metadata);
  const last = keys.length - 1;
  for (let k = 0; k <= last; k++) {
    const key = keys[k] as string;
    const value = metadata[key];
    // JSON.stringify drops these, and v1 stored JSON.stringify's text.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    if (k === last && key === 'schemaVersion' && value === schemaVersion) {
      mask |= SCHEMA_VERSION_BIT;
      continue;
    }
    if (!rest) {
      const at = POSITIONAL_KEYS.indexOf(key as (typeof POSITIONAL_KEYS)[number], next);
      if (at !== -1) {
        mask |= 1 << at;
        next = at + 1;
        const ms = at === RECORDED_AT ? compactTime(value) : undefined;
        if (ms !== undefined) mask |= TIME_BIT;
        values.push(ms ?? value);
        continue;
      }
      rest = Object.create(null) as Record<string, unknown>; // a "__proto__" key stays a key
    }
    rest[key] = value;
  }
  if (rest) {
    mask |= REST_BIT;
    values.push(rest);
  }
  values[0] = mask;
  return JSON.stringify(values);
}

/** The metadata object back from its stored form (already parsed from JSON). */
export function decodeMetadata(stored: unknown, schemaVersion: number, tail?: readonly unknown[]): EventMetadata {
  if (!Array.isArray(stored)) return stored as EventMetadata; // not written by encodeMetadata
  const mask = stored[0] as number;
  const metadata: EventMetadata = {};
  // `tail`: the values after `stored`'s, when the text was split (an interned tail, format v3).
  const split = stored.length;
  let at = 1;
  for (let i = 0; i < POSITIONAL_KEYS.length; i++) {
    if ((mask & (1 << i)) === 0) continue;
    const value = at < split ? stored[at] : tail?.[at - split];
    at++;
    metadata[POSITIONAL_KEYS[i] as string] = i === RECORDED_AT && mask & TIME_BIT ? isoTime(value as number) : value;
  }
  if (mask & REST_BIT) {
    const rest = (at < split ? stored[at] : tail?.[at - split]) as Record<string, unknown>;
    for (const key of Object.keys(rest)) {
      if (key === '__proto__') Object.defineProperty(metadata, key, { value: rest[key], enumerable: true, writable: true, configurable: true });
      else metadata[key] = rest[key];
    }
  }
  if (mask & SCHEMA_VERSION_BIT) metadata.schemaVersion = schemaVersion;
  return metadata;
}
