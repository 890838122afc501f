// Format v3's `texts` table (docs/event-log-format.md): texts that many rows repeat — an event's
// whole data JSON, or the tail of its metadata (command, fingerprint and what follows) — stored
// once and referred to by key. A text is interned the third time it is appended close enough to
// its last time (a text seen once or twice stays inline, where it costs nothing more), so a log of
// unique values grows no table, and a value an append repeats once (the same metadata on both
// events of one append) costs no write of its own.
import type Database from 'better-sqlite3';

/** Shorter texts cost less inline than a key; longer ones are left to the shared-content decorator. */
export const MIN_INTERNED_CHARS = 8;
export const MAX_INTERNED_CHARS = 1024;
/**
 * Texts interned by one file, at most (and what the append path keeps in memory: a few MB at
 * worst). Past it, texts stay inline: the file stays correct, only less compact.
 */
export const MAX_TEXTS = 16_384;
/** Slots of texts remembered as seen (a power of two): each new text takes its hash's slot. */
const SEEN_SLOTS = 1024;
/** Sightings of a text in its slot before it is interned. */
const SIGHTINGS = 3;

/**
 * A 30-bit hash of `text` from `from` on (FNV-1a over its UTF-16 units, in four interleaved lanes
 * so the multiplications do not wait on each other): the slots and keys below are found by it, so
 * an append neither copies the metadata's tail nor has V8 hash it as a key. Thirty bits, so that
 * V8 keeps every key a small integer (a wider one is a heap number, allocated and slower to find).
 */
function hashFrom(text: string, from: number): number {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  let c = 0x1b873593;
  let d = 0x7f4a7c15;
  const end = text.length;
  let i = from;
  for (; i + 3 < end; i += 4) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
    b = Math.imul(b ^ text.charCodeAt(i + 1), 0x01000193);
    c = Math.imul(c ^ text.charCodeAt(i + 2), 0x01000193);
    d = Math.imul(d ^ text.charCodeAt(i + 3), 0x01000193);
  }
  for (; i < end; i++) a = Math.imul(a ^ text.charCodeAt(i), 0x01000193);
  const mixed = Math.imul(a ^ Math.imul(b, 0x85ebca6b) ^ Math.imul(c, 0xc2b2ae35) ^ Math.imul(d, 0x27d4eb2f) ^ (end - from), 0x01000193);
  return (mixed ^ (mixed >>> 15)) & 0x3fffffff;
}

/** `text` from `from` on is exactly `part`, without copying it. */
const endsWithAt = (text: string, from: number, part: string): boolean => text.length - from === part.length && text.startsWith(part, from);

interface Interned {
  text: string;
  key: number;
  /** Another text of the same hash. */
  next: Interned | undefined;
}

export class TextDictionary {
  /** Interned texts by hash. */
  private readonly keys = new Map<number, Interned>();
  private size = 0;
  /**
   * The hash of the last text seen in each slot, and how many times in a row it came. Hashes, not
   * texts: a slot keeps no string alive, and two texts of one hash in one slot (rare) at worst
   * intern a text that did not repeat.
   */
  private readonly seen = new Int32Array(SEEN_SLOTS);
  private readonly sightings = new Uint8Array(SEEN_SLOTS);
  private readonly insert: Database.Statement;
  private readonly all: Database.Statement;

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO texts (text) VALUES (?) RETURNING key').pluck();
    this.all = db.prepare('SELECT key, text FROM texts ORDER BY key LIMIT ?').raw();
    this.reload();
  }

  /**
   * The key of `text` from `from` on when it is interned; interns it (inside the caller's
   * transaction) the third time it comes; undefined when it stays inline.
   */
  keyOf(text: string, from = 0): number | undefined {
    const length = text.length - from;
    if (length < MIN_INTERNED_CHARS || length > MAX_INTERNED_CHARS) return undefined;
    const hash = hashFrom(text, from);
    for (let entry = this.keys.get(hash); entry !== undefined; entry = entry.next) if (endsWithAt(text, from, entry.text)) return entry.key;
    if (this.size >= MAX_TEXTS) return undefined;
    const slot = hash & (SEEN_SLOTS - 1);
    if (this.sightings[slot] === 0 || this.seen[slot] !== hash) {
      this.seen[slot] = hash;
      this.sightings[slot] = 1;
      return undefined;
    }
    if (++this.sightings[slot] < SIGHTINGS) return undefined;
    this.sightings[slot] = 0;
    const part = from === 0 ? text : text.slice(from);
    const key = this.insert.get(part) as number;
    this.remember(hash, part, key);
    return key;
  }

  /** The keys as the file holds them: after a rollback, those interned inside it are gone. */
  reload(): void {
    this.keys.clear();
    this.size = 0;
    for (const [key, text] of this.all.all(MAX_TEXTS) as [number, string][]) this.remember(hashFrom(text, 0), text, key);
  }

  private remember(hash: number, text: string, key: number): void {
    this.keys.set(hash, { text, key, next: this.keys.get(hash) });
    this.size += 1;
  }
}

/**
 * Where the metadata codec's text splits into the values that differ per event (mask, commandId,
 * seat, recordedAt: `[191,"c-1",1,1796065743203`) and the tail that repeats (`,{"type":"MoveShip"},"ZXp…"]`).
 * `text` is `encodeMetadata`'s output: a JSON array whose first value is the mask.
 */
export function metadataSplit(text: string): number {
  let at = 1;
  while (at < text.length && text.charCodeAt(at) !== 44 /* , */ && text.charCodeAt(at) !== 93 /* ] */) at++;
  const mask = Number(text.slice(1, at));
  for (let values = (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1); values > 0 && text.charCodeAt(at) === 44; values--) at = afterJsonValue(text, at + 1);
  return at;
}

/** The index just after the JSON value that starts at `at` (JSON.stringify's output: no spaces). */
function afterJsonValue(text: string, at: number): number {
  let depth = 0;
  let inString = false;
  for (let i = at; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \ */) i++;
      else if (code === 34 /* " */) {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (code === 34) inString = true;
    else if (code === 91 /* [ */ || code === 123 /* { */) depth++;
    else if (code === 93 /* ] */ || code === 125 /* } */) {
      if (depth === 0) return i;
      if (--depth === 0) return i + 1;
    } else if (code === 44 /* , */ && depth === 0) return i;
  }
  return text.length;
}

/** A v3 row's data and metadata columns: each part inline, or NULL and the key of its text. */
export interface CompactRow extends CompactMetadata {
  data: string | null;
  dataRef: number | null;
}

/** A v3 row's metadata columns: the values of the event, and its tail inline or by key. */
export interface CompactMetadata {
  metadata: string;
  tailRef: number | null;
}

/**
 * How a row stores `metadata` (the codec's text). The events of one append that share one
 * metadata text share its result too (SqliteStorage.insert): a tail is sighted once an append.
 */
export function compactMetadata(texts: TextDictionary, metadata: string): CompactMetadata {
  const split = metadataSplit(metadata);
  const tailRef = split < metadata.length ? texts.keyOf(metadata, split) : undefined;
  return tailRef === undefined ? { metadata, tailRef: null } : { metadata: metadata.slice(0, split), tailRef };
}

/** How a row stores `data` (JSON) and `metadata`: what v3's appends and its migration write. */
export function compactRow(texts: TextDictionary, data: string, metadata: string | CompactMetadata): CompactRow {
  const dataRef = texts.keyOf(data);
  const parts = typeof metadata === 'string' ? compactMetadata(texts, metadata) : metadata;
  return { data: dataRef === undefined ? data : null, dataRef: dataRef ?? null, metadata: parts.metadata, tailRef: parts.tailRef };
}
