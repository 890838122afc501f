// The game's log with its personal data sealed: a decorator of the EventStore port, outermost, so
// that what any adapter (and the values stored once by content below it) writes holds names only
// sealed, and every reader above it (the command path, views, feeds, exports, read models, the
// command line) reads them opened, or as `ERASED_NAME` once forgotten. Events that name nobody
// (every order after a game's first event) pass through with one type check.
import type { Observable } from 'rxjs';
import {
  inOrder,
  type AllFilter,
  type AppendResult,
  type CommitObserver,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ReadStreamResult,
  type RecordedEvent,
  type SubscribeOptions,
} from '@logbook/event-store';
import { gameIdOf, gameStreamId, GAME_STREAM_PREFIX } from '../game-stream';
import { PLAYER_STREAM_PREFIX } from '../player-stream';
import { holdsPersonalData, openEvent, sealedNamesOf, sealEvent, seatNamesOf } from './game-personal-data';
import { isSealed, subjectOf, type PersonalDataVault } from './vault';

export function withPersonalData(inner: EventStore, vault: PersonalDataVault): PersonalDataEventStore {
  return new PersonalDataEventStore(inner, vault);
}

/** The vault a store opened through `withPersonalData` seals with, or undefined for a bare store. */
export const personalDataVaultOf = (store: EventStore): PersonalDataVault | undefined => (store instanceof PersonalDataEventStore ? store.vault : undefined);

export class PersonalDataEventStore implements EventStore {
  readonly name: string;
  readonly writesElsewhere?: () => number;
  readonly integrityProblems?: () => Promise<string[]>;
  readonly observeCommits?: (observer: CommitObserver | undefined) => void;
  readonly subscribeToAllBatches?: EventStore['subscribeToAllBatches'];

  constructor(
    private readonly inner: EventStore,
    readonly vault: PersonalDataVault,
  ) {
    this.name = inner.name;
    if (inner.writesElsewhere) this.writesElsewhere = () => inner.writesElsewhere?.() ?? 0;
    if (inner.integrityProblems) this.integrityProblems = () => inner.integrityProblems?.() ?? Promise.resolve([]);
    if (inner.observeCommits) this.observeCommits = (observer) => inner.observeCommits?.(observer);
    const batches = inner.subscribeToAllBatches?.bind(inner);
    // A batch handed on as it is unless an event in it names seats (openAll copies before it changes one).
    if (batches) {
      this.subscribeToAllBatches = (options, handler) =>
        batches(options, (events) => {
          const opened = this.openAll(events as RecordedEvent[]);
          return opened instanceof Promise ? opened.then(handler) : handler(opened);
        });
    }
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (streamId.startsWith(GAME_STREAM_PREFIX) || streamId.startsWith(PLAYER_STREAM_PREFIX)) {
      for (let i = 0; i < events.length; i++) if (holdsPersonalData(events[i].type)) return this.appendSealed(streamId, events, expected);
    }
    return this.inner.append(streamId, events, expected);
  }

  private async appendSealed(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // A profile's stream belongs to no game.
    const gameId = streamId.startsWith(GAME_STREAM_PREFIX) ? gameIdOf(streamId) : undefined;
    const stored = events.slice();
    for (let i = 0; i < events.length; i++) {
      if (holdsPersonalData(events[i].type)) stored[i] = await sealEvent(events[i], gameId, this.vault, (source) => this.sourceNames(source));
    }
    return this.inner.append(streamId, stored, expected);
  }

  /** A game's names as its first event stores them (sealed), by seat. */
  private async sourceNames(gameId: string): Promise<Map<number, string> | undefined> {
    const read = await this.inner.readStream(gameStreamId(gameId), { maxCount: 1 });
    const first = read.status === 'ok' ? read.events[0] : undefined;
    return first ? sealedNamesOf(first) : undefined;
  }

  /**
   * Each seat's subject, as the game's first event seals its name; null for a name recorded in the
   * clear (a log written before names were sealed). Undefined for a game that does not exist.
   */
  async seatSubjects(gameId: string): Promise<Map<number, string | null> | undefined> {
    const read = await this.inner.readStream(gameStreamId(gameId), { maxCount: 1 });
    const first = read.status === 'ok' ? read.events[0] : undefined;
    if (!first) return undefined;
    const out = new Map<number, string | null>();
    for (const [seat, name] of seatNamesOf(first)) out.set(seat, isSealed(name) ? subjectOf(name) : null);
    return out;
  }

  private open(event: RecordedEvent): RecordedEvent | Promise<RecordedEvent> {
    return holdsPersonalData(event.type) ? openEvent(event, this.vault) : event;
  }

  private openAll(events: RecordedEvent[]): RecordedEvent[] | Promise<RecordedEvent[]> {
    let out = events;
    let pending: Promise<unknown>[] | undefined;
    for (let i = 0; i < events.length; i++) {
      if (!holdsPersonalData(events[i].type)) continue;
      if (out === events) out = events.slice();
      const opened = openEvent(events[i], this.vault);
      if (opened instanceof Promise) (pending ??= []).push(opened.then((e) => (out[i] = e)));
      else out[i] = opened;
    }
    return pending ? Promise.all(pending).then(() => out) : out;
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<ReadStreamResult> {
    const result = await this.inner.readStream(streamId, options);
    return result.status === 'ok' ? { status: 'ok', events: await this.openAll(result.events) } : result;
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(options));
  }

  subscribeToAll(options?: SubscribeOptions): Observable<RecordedEvent> {
    return this.inner.subscribeToAll(options).pipe(inOrder((event: RecordedEvent) => this.open(event)));
  }

  subscribeToAllIterable(options?: SubscribeOptions): AsyncIterable<RecordedEvent> {
    const events = this.inner.subscribeToAllIterable(options);
    const open = (event: RecordedEvent) => this.open(event);
    // The inner iterator's results handed on as they are but for the few events that name seats
    // (no async generator per event between a projection and the store).
    return {
      [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
        const inner = events[Symbol.asyncIterator]();
        return {
          next: () =>
            inner.next().then((result) => {
              if (result.done || !holdsPersonalData(result.value.type)) return result;
              const opened = open(result.value);
              return opened instanceof Promise ? opened.then((value) => ({ done: false as const, value })) : { done: false as const, value: opened };
            }),
          return: (value?: unknown) => (inner.return ? inner.return(value) : Promise.resolve({ done: true as const, value: undefined })),
          throw: (error?: unknown) => (inner.throw ? inner.throw(error) : Promise.reject(error)),
        };
      },
    };
  }

  lastPosition(filter?: AllFilter): Promise<bigint | undefined> {
    return this.inner.lastPosition(filter);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.vault.close();
  }
}
