// Personal data sealed under a key per subject (a person, or a name typed at one seat), with the
// keys kept in a table outside the log: forgetting a subject deletes its key, and every copy of
// its data sealed anywhere (the log, forks, backups made afterwards) becomes unreadable at once
// while the log itself is never rewritten (crypto-shredding).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What reads a table of keys may answer: the embedded tables at once, PostgreSQL a promise. */
export type Awaitable<T> = T | Promise<T>;

const isPromise = <T>(value: Awaitable<T>): value is Promise<T> => typeof (value as { then?: unknown } | null)?.then === 'function';
const then = <T, U>(value: Awaitable<T>, next: (value: T) => U | Promise<U>): Awaitable<U> => (isPromise(value) ? value.then(next) : next(value));

/** A subject's key: 32 random bytes, or `forgotten` once erased (a tombstone: it never gets a key again). */
export type SubjectKey = Buffer | 'forgotten';

/** Where the keys live: a table outside the log (a file of its own, a table beside the store's). */
export interface PersonalDataKeys {
  /** The subject's key, undefined when it has none yet. */
  find(subject: string): Awaitable<SubjectKey | undefined>;
  /** Records `key` for the subject unless it has one (or a tombstone) already, and answers what it holds then. */
  create(subject: string, key: Buffer): Awaitable<SubjectKey>;
  /** Deletes the key so that its bytes are gone from the table's files, and leaves a tombstone. */
  forget(subject: string): Awaitable<void>;
  /** Notes that `gameId`'s log holds data sealed for `subject`, so erasure knows which views to refresh. */
  noteUse(subject: string, gameId: string): Awaitable<void>;
  /** The games whose logs hold data sealed for `subject`. */
  gamesOf(subject: string): Awaitable<string[]>;
  /**
   * Whether other processes change the table (PostgreSQL, shared by servers): then keys are read
   * every time, so an erasure on one server holds on all of them at once.
   */
  readonly shared: boolean;
  /**
   * A shared table's erasures made by other processes (and this one), as they happen: what each
   * server has opened and kept (loaded games, views, read-model rows in memory) must go too.
   */
  onForget?(listener: (subject: string) => void): void;
  close(): Awaitable<void>;
}

/** What a name reads as once its subject is forgotten, everywhere it is shown. */
export const ERASED_NAME = 'erased player';

/**
 * The start of a sealed value. A name typed by a player can never start so (control characters
 * are refused in names), so any other string found where a name goes is a legacy clear name.
 */
export const SEALED_PREFIX = '\u0001pd1:';

/** Whether `value` is a sealed value (else a clear one, as logs recorded before sealing hold). */
export const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(SEALED_PREFIX);

/** The subject a sealed value belongs to. */
export const subjectOf = (sealed: string): string => sealed.slice(SEALED_PREFIX.length, sealed.lastIndexOf(':'));

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `seal(subject, plaintext)` → a string kept in the event in place of the plaintext;
 * `open(sealed)` → the plaintext, or null once the subject is forgotten; `forget(subject)`.
 * AES-256-GCM with the subject as associated data, so a sealed value moved to another subject
 * does not open. Keys are kept in memory once read unless the table is shared.
 */
export class PersonalDataVault {
  private readonly cache = new Map<string, SubjectKey>();

  constructor(readonly keys: PersonalDataKeys) {}

  seal(subject: string, plaintext: string, gameId?: string): Awaitable<string> {
    if (subject.includes('\u0001')) throw new Error('A subject holds no control characters');
    const noted = gameId === undefined ? undefined : this.keys.noteUse(subject, gameId);
    const sealed = then(this.keyFor(subject, true), (key) => (key === 'forgotten' ? `${SEALED_PREFIX}${subject}:` : encrypt(key, subject, plaintext)));
    if (!isPromise(noted)) return sealed;
    // Both reads are under way: waited for together, so that when both fail (PostgreSQL away) the
    // second failure is not left unhandled, which would end the process.
    return Promise.all([noted, sealed]).then(([, value]) => value);
  }

  /** The plaintext; null when the subject is forgotten, or the value does not open (altered, or another key). */
  open(sealed: string): Awaitable<string | null> {
    const subject = subjectOf(sealed);
    const payload = sealed.slice(sealed.lastIndexOf(':') + 1);
    if (payload === '') return null;
    return then(this.keyFor(subject, false), (key) => (key === undefined || key === 'forgotten' ? null : decrypt(key, subject, payload)));
  }

  /** Whether the subject was forgotten (erased): its data never opens again. */
  isForgotten(subject: string): Awaitable<boolean> {
    return then(this.keyFor(subject, false), (key) => key === 'forgotten');
  }

  forget(subject: string): Awaitable<void> {
    this.cache.set(subject, 'forgotten');
    return this.keys.forget(subject);
  }

  /** Notes that `gameId`'s log holds a value sealed for `subject` elsewhere (a fork keeping its source's names). */
  noteUse(subject: string, gameId: string): Awaitable<void> {
    return this.keys.noteUse(subject, gameId);
  }

  gamesOf(subject: string): Awaitable<string[]> {
    return this.keys.gamesOf(subject);
  }

  /** Erasures made elsewhere on a shared table (see PersonalDataKeys.onForget); never called for a table of one process. */
  onForgetElsewhere(listener: (subject: string) => void): void {
    this.keys.onForget?.(listener);
  }

  close(): Awaitable<void> {
    return this.keys.close();
  }

  private keyFor(subject: string, create: true): Awaitable<SubjectKey>;
  private keyFor(subject: string, create: false): Awaitable<SubjectKey | undefined>;
  private keyFor(subject: string, create: boolean): Awaitable<SubjectKey | undefined> {
    const cached = this.keys.shared ? undefined : this.cache.get(subject);
    if (cached !== undefined) return cached;
    return then(this.keys.find(subject), (found) => {
      if (found === undefined && !create) return undefined;
      return then(found ?? this.keys.create(subject, randomBytes(32)), (key) => {
        if (!this.keys.shared) this.cache.set(subject, key);
        return key;
      });
    });
  }
}

function encrypt(key: Buffer, subject: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${subject}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

function decrypt(key: Buffer, subject: string, payload: string): string | null {
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(subject, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Keys in memory: for the memory store (nothing is kept) and unit tests. */
export class InMemoryPersonalDataKeys implements PersonalDataKeys {
  readonly shared = false;
  private readonly keys = new Map<string, SubjectKey>();
  private readonly uses = new Map<string, Set<string>>();

  find(subject: string): SubjectKey | undefined {
    return this.keys.get(subject);
  }

  create(subject: string, key: Buffer): SubjectKey {
    const found = this.keys.get(subject);
    if (found !== undefined) return found;
    this.keys.set(subject, key);
    return key;
  }

  forget(subject: string): void {
    const key = this.keys.get(subject);
    if (Buffer.isBuffer(key)) key.fill(0);
    this.keys.set(subject, 'forgotten');
  }

  noteUse(subject: string, gameId: string): void {
    let games = this.uses.get(subject);
    if (!games) this.uses.set(subject, (games = new Set()));
    games.add(gameId);
  }

  gamesOf(subject: string): string[] {
    return [...(this.uses.get(subject) ?? [])];
  }

  close(): void {}
}
