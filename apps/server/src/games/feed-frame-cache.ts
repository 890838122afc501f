// Spectators of one game read the same history again and again (a reconnect, a replay page, a
// crowd). Each history frame (the event as a viewer class may see it, serialised) is made once
// and kept, so a feed's history costs a lookup and a socket write, not a store read, a redaction
// and a JSON.stringify per event. Frames of recorded events never change: an event is immutable,
// and its redaction depends only on who looks (seat or spectator) and whether secrets are open.

import { DEFAULT_CACHE_BUDGETS } from './cache-budgets';

/** One viewer class of one game: its frames from revision 0, contiguous, with their positions. */
interface Entry {
  frames: string[];
  positions: bigint[];
  /** What its frames cost (text and overhead), counted as they are added. */
  bytes: number;
}

/** A frame's cost beyond its text: its position and its place in the arrays. */
const FRAME_OVERHEAD = 32;

export class FeedFrameCache {
  private readonly entries = new Map<string, Entry>();
  private size = 0;

  /** `limit`: the bytes of every game's frames together (a fork of a huge scenario's first frame is megabytes). */
  constructor(private readonly limit = DEFAULT_CACHE_BUDGETS.feedFramesBytes) {}

  /** The estimated bytes of every frame held. */
  get bytes(): number {
    return this.size;
  }

  static key(gameId: string, seat: number | null, secretsOpen: boolean): string {
    return `${gameId}|${seat ?? 'spectator'}|${secretsOpen ? 'open' : 'hidden'}`;
  }

  /** Drops every frame of the game (its names changed: a subject was erased). */
  forgetGame(gameId: string): void {
    for (const [key, entry] of [...this.entries]) {
      if (!key.startsWith(`${gameId}|`)) continue;
      this.entries.delete(key);
      this.size -= entry.bytes;
    }
  }

  /** Cached frames from `from` on (at most `max`), with the position of the last one; [] when none. */
  read(key: string, from: number, max: number): { frames: string[]; lastPosition?: bigint } {
    const entry = this.entries.get(key);
    if (!entry || from >= entry.frames.length) return { frames: [] };
    this.entries.delete(key);
    this.entries.set(key, entry); // most recently used last
    const frames = entry.frames.slice(from, from + max);
    return { frames, lastPosition: entry.positions[from + frames.length - 1] };
  }

  /** Keeps the frame of `revision` when it extends the cached run of `key` (else ignores it). */
  add(key: string, revision: number, position: bigint, frame: string): void {
    let entry = this.entries.get(key);
    if (!entry) {
      if (revision !== 0) return;
      entry = { frames: [], positions: [], bytes: 0 };
      this.entries.set(key, entry);
    }
    if (revision !== entry.frames.length) return;
    entry.frames.push(frame);
    entry.positions.push(position);
    entry.bytes += frame.length + FRAME_OVERHEAD;
    this.size += frame.length + FRAME_OVERHEAD;
    while (this.size > this.limit && this.entries.size > 0) {
      const [oldest, dropped] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      this.size -= dropped.bytes;
    }
  }
}
