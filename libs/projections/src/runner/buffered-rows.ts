import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

export interface BufferedRowsOptions<R extends object> {
  /** The row's key in its table (a game id). */
  key: (row: R) => string;
  /** Writes one row (an upsert); `flush` calls it for each changed row inside one transaction. */
  write: (row: R) => void;
  /** How many rows, written or read, to keep in memory, least recently used dropped first. */
  keep: number;
  /**
   * And how large they may be in all, by `sizeOf` (e.g. the length of the row's JSON): a few
   * rows of huge games (a maximal scenario's forks) must not hold hundreds of megabytes.
   */
  keepBytes?: { bytes: number; sizeOf: (row: R) => number };
}

/**
 * The rows of a read model that sit in memory: those changed since the last flush (each written
 * once per flush however often it changed, so a busy game's state is serialised once per
 * checkpoint, not once per event) and a few recently used ones (the games being played, so the
 * projection does not parse them back per event). Reads see a row as soon as it is put. The
 * SQLite read models write them with `BufferedRows`, the PostgreSQL ones in the checkpoint's
 * transaction.
 */
export class RowBuffer<R extends object> {
  protected readonly dirty = new Map<string, R>();
  private readonly recent: LRUCache<string, R>;

  constructor(protected readonly options: Omit<BufferedRowsOptions<R>, 'write'>) {
    const bytes = options.keepBytes;
    this.recent = new LRUCache<string, R>(
      bytes ? { max: options.keep, maxSize: bytes.bytes, sizeCalculation: (row) => Math.max(1, bytes.sizeOf(row)) } : { max: options.keep },
    );
  }

  /** The row as last put, else as last read or written; undefined when memory does not hold it. */
  cached(key: string): R | undefined {
    return this.dirty.get(key) ?? this.recent.get(key);
  }

  /** The hot path (once per event): only marks the row changed; `flush` writes it. */
  put(row: R): void {
    this.dirty.set(this.options.key(row), row);
  }

  /** How many changed rows wait for the next flush. */
  get pending(): number {
    return this.dirty.size;
  }

  /** Forgets every row in memory, changed or not (the owner empties its table). */
  clear(): void {
    this.dirty.clear();
    this.recent.clear();
  }

  /** Keeps a row read or written as a recent one. */
  remember(row: R): R {
    this.recent.set(this.options.key(row), row);
    return row;
  }
}

/**
 * A SQLite read model's `RowBuffer`: `flush` writes the changed rows in one transaction.
 *
 * When to flush is the `ProjectionRunner`'s business (every N events or once an interval, and
 * always before the checkpoint it saves, so the checkpoint is never ahead of the rows written);
 * the read model's `flush` calls `flush` here.
 */
/** Keys remembered as written since a `clear`, at most: past it, rows not in memory are looked up again. */
const WRITTEN_KEYS = 1_000_000;

export class BufferedRows<R extends object> extends RowBuffer<R> {
  private readonly writeDirty: () => void;
  /**
   * After `clear` (the owner emptied its table, as a rebuild does), the keys written since: the
   * only rows the table can hold, so a rebuild does not look up each new game's row in vain.
   */
  private writtenSinceClear: Set<string> | undefined;

  constructor(
    private readonly db: Database.Database,
    options: BufferedRowsOptions<R>,
  ) {
    super(options);
    this.writeDirty = db.transaction(() => {
      for (const row of this.dirty.values()) {
        this.writtenSinceClear?.add(options.key(row));
        options.write(row);
        this.remember(row);
      }
      if (this.writtenSinceClear && this.writtenSinceClear.size > WRITTEN_KEYS) this.writtenSinceClear = undefined;
      this.dirty.clear();
    });
  }

  /** The row as last put, else as last read or written, else `load` (a SELECT) remembered. */
  get(key: string, load: (key: string) => R | undefined): R | undefined {
    const cached = this.cached(key);
    if (cached !== undefined) return cached;
    if (this.writtenSinceClear && !this.writtenSinceClear.has(key)) return undefined;
    const row = load(key);
    return row === undefined ? undefined : this.remember(row);
  }

  /** Writes every changed row in one transaction; they stay in memory as recent rows. */
  flush(): void {
    if (this.dirty.size > 0) this.writeDirty();
  }

  /** Forgets every row in memory; the owner has emptied its table, so only rows written from now on are looked up. */
  override clear(): void {
    super.clear();
    this.writtenSinceClear = new Set();
  }

  /** Flushes, then closes the database; a second close does nothing. */
  close(): void {
    if (!this.db.open) return;
    this.flush();
    this.db.close();
  }
}
