// Loads a game by folding its stream into its history, keeps the history cached, and catches
// up from the cached revision on every load, so a write by another server process is never
// missed. When the store can tell that nobody else has written since the cached game last
// caught up (a SQLite file no other process wrote to), the cached game is current and the
// catch-up read is skipped; EventStoreDB cannot tell, so there every load catches up. The
// cached history only ever takes committed events (decisions work on a draft), and each event
// is folded once even when two loads catch up at the same time. The board is the history's
// effective state: undone actions are not in it.
//
// Snapshots (snapshots/, docs/architecture.md "Snapshots"): a game not cached opens from its
// snapshot, when it has a usable one, and the log after it; a snapshot is written off the
// command path, after the acknowledged commit that let a game move LOGBOOK_SNAPSHOT_EVERY events
// past its last one, once its history offers a base.
import { LRUCache } from 'lru-cache';
import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { EVENT_STORE, type EventMetadata, type EventStore, type NewEvent, type RecordedEvent } from '@logbook/event-store';
import { gameStreamId, recordedGameEvents, recordedRulesVersion, toLogEntries, toNewEvents } from '@logbook/game-log';
import { countNotes, GameHistory, type GameEvent, type GameState, type HistoryBase, type LogEntry, type RulesVersion } from '@logbook/rules';
import { CommandRecords, decodeSnapshot, encodeSnapshot, type DecodedSnapshot } from './snapshots/game-snapshot';
import { SNAPSHOT_EVERY, SNAPSHOT_STORE, type SnapshotStore } from '@logbook/app-core';
import type { CommandRecord, LogBefore } from './snapshots/snapshot-parts';

export type { CommandRecord, LogBefore } from './snapshots/snapshot-parts';
import { GameNotFoundError } from './game.errors';
import type { RulesVerdict } from './rules-verdict';
import { digestToken, newSeatToken, type SeatTokenDigest } from './seat-tokens';
import { cacheBudgetsFrom, type CacheBudgets } from './cache-budgets';

/**
 * Whether the states of the games this repository holds are frozen (`LOGBOOK_FREEZE_STATES`):
 * given to each game's GameHistory, which every decision and refold of that game reads.
 */
export const FREEZE_STATES = Symbol('FREEZE_STATES');

// Events of the whole log that no undo takes back and that say who holds a seat: a snapshot keeps them.
const HANDOVERS = new Set(['SeatHandedToBot', 'SeatTakenBack', 'SeatClaimed']);

export interface LoadedGame {
  gameId: string;
  /** The log folded: effective state, what can be undone/redone. */
  history: GameHistory;
  /** The effective state (history.state), kept in step by the repository. */
  state: GameState;
  /** Revision of the stream's last event. */
  revision: number;
  seatTokens: SeatTokenDigest[];
  commands: Map<string, CommandRecord>;
  /** What the cache counts it as (`estimatedBytes`), grown as events are folded in. */
  estimatedBytes: number;
  /** The rules version and scenario digest its first event records (null: recorded before versions were kept). */
  createdUnder: RulesVersion | null;
  /** The rules version its log was last decided under: created, carried on or migrated (see rules-check.ts). */
  rulesVersion: string | null;
  /** Whether today's rules decide its log the same, once checked by this process (see rules-check.ts). */
  rulesVerdict?: RulesVerdict;
  /** Opened from a snapshot: the log before its history's entries (history.startsAfter), summed up. */
  before?: LogBefore;
}

/** The log up to `revision` summed up for a snapshot: `game.before` and the history's entries up to there. */
export function logBefore(game: LoadedGame, revision: number): LogBefore {
  const start = game.history.startsAfter;
  const entries = game.history.entries.slice(0, revision - start);
  const handovers = game.before ? game.before.handovers.slice() : [];
  entries.forEach((entry, i) => {
    if (HANDOVERS.has(entry.event.type)) handovers.push({ revision: start + 1 + i, type: entry.event.type, data: entry.event.data });
  });
  return { revision, notes: (game.before?.notes ?? 0) + countNotes(entries.map((e) => e.event)), handovers };
}

/** The notes a loaded game's log holds (its own entries and, opened from a snapshot, those before). */
export const notesOf = (game: LoadedGame): number => (game.before?.notes ?? 0) + countNotes(game.history.entries.map((e) => e.event));

/**
 * A game's first event holds its whole scenario (a fork: the board), which the state keeps as
 * objects: a few times its JSON text. It alone can be megabytes; every later event is bounded by
 * the command bodies and counted at a flat rate, so the estimate costs one stringify per load.
 */
const FIRST_EVENT_FACTOR = 3;
const EVENT_BYTES = 1024;
const GAME_BYTES = 4096;
const estimatedBytes = (events: readonly RecordedEvent[]): number => {
  let bytes = 0;
  for (const event of events) bytes += event.revision === 0 ? FIRST_EVENT_FACTOR * JSON.stringify(event.data).length : EVENT_BYTES;
  return bytes;
};

/** An action this process decided and appended: what `fold` records without reading the events again. */
export interface DecidedAction {
  actionId: string;
  /** null for a note by the operator or a spectator. */
  seat: number | null;
  /** The events decided (exactly those appended) and the effective state after them. */
  events: GameEvent[];
  state: GameState;
  /** What the action's first event's metadata records. */
  fingerprint: string;
  recordedAt: string;
}

/** An action's metadata as `actionMetadata` splits it: all of the record on its first event, the rest on the others. */
export interface ActionEventMetadata {
  first: EventMetadata;
  rest: EventMetadata;
}

/** Who a new game's seats open to: new tokens (answered once), and digests kept from elsewhere (a fork's source). */
export interface NewGameSeatTokens {
  newTokensFor: readonly number[];
  kept?: readonly SeatTokenDigest[];
}

/** How many games the fold cache keeps at most; their estimated bytes are bounded too (least recently used are dropped). */
const CACHE_SIZE = 1000;

/** Injection token of the caches' byte budgets (absent: from the environment). */
export const CACHE_BUDGETS = Symbol('CACHE_BUDGETS');

@Injectable()
export class GameRepository implements OnModuleDestroy {
  private readonly logger = new Logger(GameRepository.name);
  private readonly cache: LRUCache<string, LoadedGame>;
  /** `store.writesElsewhere()` as it was just before each cached game last caught up. */
  private readonly caughtUpAt = new WeakMap<LoadedGame, number>();
  /** The revision of each loaded game's last snapshot (written or opened from). */
  private readonly snapshotAt = new WeakMap<LoadedGame, number>();
  /** Snapshots to write once the current work is answered, by game. */
  private readonly pendingSnapshots = new Map<string, { immediate: NodeJS.Immediate; write: () => void }>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Optional() @Inject(CACHE_BUDGETS) budgets?: CacheBudgets,
    @Optional() @Inject(FREEZE_STATES) private readonly freezeStates: boolean = true,
    @Optional() @Inject(SNAPSHOT_STORE) private readonly snapshots?: SnapshotStore | null,
    @Optional() @Inject(SNAPSHOT_EVERY) private readonly snapshotEvery: number = 500,
  ) {
    const maxSize = (budgets ?? cacheBudgetsFrom(process.env)).gamesBytes;
    // A game is counted again each time it is remembered (`set`), so its size follows its growth;
    // one larger than the whole budget is not kept (each load reads it again).
    this.cache = new LRUCache<string, LoadedGame>({ max: CACHE_SIZE, maxSize, sizeCalculation: (game) => Math.max(1, game.estimatedBytes) });
  }

  /** How many games the cache holds. */
  get cachedGames(): number {
    return this.cache.size;
  }

  /** The estimated bytes of every cached game. */
  get cachedBytes(): number {
    return this.cache.calculatedSize;
  }

  /**
   * The game, current. `catchUp` reads the store even when it says nobody else wrote;
   * `trustCache` answers from the cache without asking the store, on any store, for a caller that
   * detects a stale game itself: the command path, whose append with the expected revision
   * refuses a decision made on one, whose refusals are decided again where the game `mayBeBehind`,
   * and which retries with `catchUp`.
   */
  async load(gameId: string, { catchUp = false, trustCache = false } = {}): Promise<LoadedGame> {
    const cached = this.cache.peek(gameId);
    if (cached && trustCache && !catchUp) {
      this.remember(cached);
      return cached;
    }
    return this.read(gameId, cached, catchUp);
  }

  /**
   * `load(gameId, { trustCache: true })` when the game is cached, without a promise: the
   * command path's first attempt, on every command. Undefined when it must be read.
   */
  trusted(gameId: string): LoadedGame | undefined {
    return this.cache.get(gameId); // most recently used
  }

  /**
   * The cached game as it is, without asking the store or marking it used: current only where the
   * caller knows it is, as just after this process's own commit to it (on any store: the append's
   * expected revision took it only if it held every event before). Undefined when not cached.
   */
  peek(gameId: string): LoadedGame | undefined {
    return this.cache.peek(gameId);
  }

  /**
   * Whether `game` (handed over by the seat guard before the command waited for the game's lock)
   * is still the cached game `trusted` would answer: one dropped from the cache meanwhile may have
   * missed this process's own writes since, which nothing else would notice.
   */
  holds(game: LoadedGame): boolean {
    return this.cache.peek(game.gameId) === game;
  }

  private async read(gameId: string, cached: LoadedGame | undefined, catchUp: boolean): Promise<LoadedGame> {
    // Asked before reading, so a write that lands during the read is caught by the next load.
    const elsewhere = this.store.writesElsewhere?.();
    if (cached && !catchUp && elsewhere !== undefined && this.caughtUpAt.get(cached) === elsewhere) {
      this.remember(cached);
      return cached;
    }
    const opened = cached ? undefined : await this.openFromSnapshot(gameId);
    if (opened) {
      if (elsewhere !== undefined) this.caughtUpAt.set(opened, elsewhere);
      this.remember(opened);
      return opened;
    }
    const fromRevision = cached ? cached.revision + 1 : 0;
    const result = await this.store.readStream(gameStreamId(gameId), { fromRevision });
    if (result.status === 'stream_not_found') {
      this.cache.delete(gameId);
      throw new GameNotFoundError(gameId);
    }
    const game = cached ?? this.empty(gameId);
    this.fold(game, result.events);
    if (game.revision < 0) throw new GameNotFoundError(gameId);
    this.maybeSnapshot(game, result.events[result.events.length - 1]);
    // The fold only grows: after this read it holds every write counted in `elsewhere` (a
    // racing load that read later may already have marked a higher count).
    if (elsewhere !== undefined) this.caughtUpAt.set(game, Math.max(this.caughtUpAt.get(game) ?? elsewhere, elsewhere));
    this.remember(game);
    return game;
  }

  /**
   * The game from its snapshot and the log after it, or undefined when it has none it may use:
   * another format or rules digest, unreadable, or not a fold of this log (the event it names is
   * not at its revision, the scenario differs, or the log after it could not follow from it: a
   * migration, an undo of an action before it). A snapshot refused is dropped; the game folds.
   * Only what is wrong with the snapshot refuses it: a read of the log that fails (the store
   * unavailable a moment: the client's 503) fails the load, and the snapshot stays for the next.
   */
  private async openFromSnapshot(gameId: string): Promise<LoadedGame | undefined> {
    const stored = this.snapshots?.read(gameId);
    if (!stored) return undefined;
    const refuse = (why: unknown): undefined => {
      const reason = why instanceof Error ? why.message : String(why);
      this.logger.warn(`game ${gameId}: snapshot at revision ${stored.revision} not used (${reason}); folding its log`);
      this.snapshots?.delete(gameId);
      return undefined;
    };
    let snapshot: DecodedSnapshot | string;
    try {
      snapshot = decodeSnapshot(gameId, stored.text);
    } catch (error) {
      return refuse(error);
    }
    if (typeof snapshot === 'string') return refuse(snapshot);
    const streamId = gameStreamId(gameId);
    const first = await this.store.readStream(streamId, { fromRevision: 0, maxCount: 1 });
    if (first.status !== 'ok' || first.events.length === 0) return refuse('no log');
    if ((recordedRulesVersion(first.events[0])?.scenario ?? null) !== snapshot.scenario) return refuse('another scenario');
    const read = await this.store.readStream(streamId, { fromRevision: snapshot.base.revision });
    const at = read.status === 'ok' ? read.events[0] : undefined;
    if (!at || at.revision !== snapshot.base.revision || at.id !== snapshot.eventId) return refuse('not a fold of this log');
    try {
      const after = read.status === 'ok' ? read.events.slice(1) : [];
      const entries = toLogEntries(after, snapshot.base.last);
      if (!followsFrom(snapshot.base, entries)) return refuse('the log after it takes back what it holds');
      const history = GameHistory.resume(snapshot.base, entries, { freezeStates: this.freezeStates });
      const game: LoadedGame = {
        gameId,
        history,
        state: history.state,
        revision: snapshot.base.revision,
        seatTokens: snapshot.seatTokens,
        commands: snapshot.commands,
        estimatedBytes: GAME_BYTES + FIRST_EVENT_FACTOR * stored.text.length + EVENT_BYTES * after.length,
        createdUnder: snapshot.createdUnder,
        rulesVersion: snapshot.rulesVersion,
        rulesVerdict: undefined,
        before: snapshot.before,
      };
      for (const recorded of after) this.bookkeep(game, recorded);
      this.snapshotAt.set(game, snapshot.base.revision);
      this.maybeSnapshot(game, after[after.length - 1]);
      return game;
    } catch (error) {
      // Its base does not resume with the log after it (a state of another shape, say).
      return refuse(error);
    }
  }

  /**
   * After a game moved on (an acknowledged commit, a read): once it is LOGBOOK_SNAPSHOT_EVERY
   * events past its last snapshot and its history offers a base here, its snapshot is written
   * on the event loop's next turn, after the answer. `last` is the game's last event, just folded.
   */
  private maybeSnapshot(game: LoadedGame, last: RecordedEvent | undefined): void {
    if (!this.snapshots || !last || last.revision !== game.revision) return;
    if (game.revision - (this.snapshotAt.get(game) ?? -1) < this.snapshotEvery) return;
    const base = game.history.base();
    if (!base) return;
    this.snapshotAt.set(game, base.revision);
    const rulesVersion = game.rulesVersion;
    const write = () => {
      this.pendingSnapshots.delete(game.gameId);
      if (this.cache.peek(game.gameId) !== game) return; // forgotten (erased) or replaced meanwhile
      try {
        this.snapshots?.write(game.gameId, {
          revision: base.revision,
          text: encodeSnapshot(game, base, last.id, rulesVersion, logBefore(game, base.revision)),
        });
      } catch (error) {
        this.logger.warn(`game ${game.gameId}: snapshot not written (${error instanceof Error ? error.message : String(error)})`);
      }
    };
    const pending = this.pendingSnapshots.get(game.gameId);
    if (pending) clearImmediate(pending.immediate);
    this.pendingSnapshots.set(game.gameId, { immediate: setImmediate(write), write });
  }

  /** Writes the snapshots still waiting (the server stops). */
  onModuleDestroy(): void {
    for (const { immediate, write } of [...this.pendingSnapshots.values()]) {
      clearImmediate(immediate);
      write();
    }
  }

  /**
   * The game's whole log as loaded, as history entries: the loaded history's own when it holds
   * them all (a game folded from its log), else read from the store (one opened from a snapshot).
   */
  async wholeLog(game: LoadedGame): Promise<readonly LogEntry[]> {
    if (game.history.startsAfter < 0) return game.history.entries;
    const read = await this.store.readStream(gameStreamId(game.gameId), { maxCount: game.revision + 1 });
    return read.status === 'ok' ? toLogEntries(read.events) : [];
  }

  /** Whether a cached game is known to hold every event (the store says nobody else wrote since). */
  isCurrent(game: LoadedGame): boolean {
    const elsewhere = this.store.writesElsewhere?.();
    return elsewhere !== undefined && this.caughtUpAt.get(game) === elsewhere;
  }

  /**
   * Whether a cached game may lack another writer's events: unless the store says nobody else
   * wrote since it was read (SQLite, a single-writer memory store), it may (PostgreSQL,
   * EventStoreDB: other servers write at any time, and `trusted` answers the cache unread).
   */
  mayBeBehind(game: LoadedGame): boolean {
    return !this.isCurrent(game);
  }

  /**
   * Commits a decided action: appends its events at the game's revision (a stale game is refused
   * with WrongExpectedRevisionError, and nothing is recorded), folds them in as decided and
   * remembers the game. Answers the events as recorded, each at its own position.
   */
  async commit(game: LoadedGame, action: DecidedAction, metadata: ActionEventMetadata): Promise<RecordedEvent[]> {
    const appended = toNewEvents(game.gameId, action.actionId, action.events, metadata.rest, metadata.first);
    const recorded = recordedGameEvents(game.gameId, appended, await this.store.append(gameStreamId(game.gameId), appended, game.revision));
    // What was appended is what is recorded: keep the decided state, without folding again.
    this.fold(game, recorded, action);
    const version = metadata.first.rulesVersion as RulesVersion | undefined;
    if (version !== undefined) game.rulesVersion = version.rules;
    this.remember(game);
    this.maybeSnapshot(game, recorded[recorded.length - 1]);
    return recorded;
  }

  /**
   * Starts a game's stream (a new game, a fork, an import): new seat tokens, their digests and the
   * kept ones recorded in the first event's metadata (`seatTokens`, by seat; only digests are ever
   * stored), appended where no stream is yet. Answers the new tokens, one per seat of
   * `newTokensFor` in its order, to be shown once. The game is not cached: its first load reads it.
   */
  async start(
    gameId: string,
    seats: NewGameSeatTokens,
    events: (seatTokens: SeatTokenDigest[]) => NewEvent[],
  ): Promise<{ revision: number; tokens: string[] }> {
    const tokens = seats.newTokensFor.map(() => newSeatToken());
    const seatTokens: SeatTokenDigest[] = seats.kept ? seats.kept.map((d) => ({ seat: d.seat, sha256: d.sha256 })) : [];
    seats.newTokensFor.forEach((seat, i) => seatTokens.push({ seat, sha256: digestToken(tokens[i]) }));
    seatTokens.sort((a, b) => a.seat - b.seat);
    const result = await this.store.append(gameStreamId(gameId), events(seatTokens), 'no_stream');
    return { revision: result.nextExpectedRevision, tokens };
  }

  /** Drops the loaded game and its snapshot (its names changed: a subject was erased); the next load reads the log. */
  forget(gameId: string): void {
    this.cache.delete(gameId);
    const pending = this.pendingSnapshots.get(gameId);
    if (pending) clearImmediate(pending.immediate);
    this.pendingSnapshots.delete(gameId);
    this.snapshots?.delete(gameId);
  }

  /** Records events this process just appended, so the next load needs no re-read of them. */
  remember(game: LoadedGame): void {
    this.cache.set(game.gameId, game); // most recently used
  }

  /**
   * Folds committed events into a loaded game (mutates it); events already in are skipped.
   * `decided` is the state the command path's decision gave for exactly these events (one
   * action): recorded as is, without applying them again.
   */
  fold(game: LoadedGame, events: readonly RecordedEvent[], decided?: DecidedAction): void {
    // Usually every event is new (a commit, a catch-up read from the next revision): no copy then.
    const fresh = events.length > 0 && events[0].revision > game.revision ? events : events.filter((e) => e.revision > game.revision);
    if (fresh.length === 0) return;
    game.estimatedBytes += estimatedBytes(fresh);
    if (game.revision < 0) {
      // A cold load: one mutable fold, keeping states only for the running turn's actions.
      game.history = GameHistory.fold(toLogEntries(fresh), { freezeStates: this.freezeStates });
    } else if (decided && fresh.length === events.length && decided.events.length === fresh.length) {
      // The events decided are the events appended: no need to rebuild them from the records.
      game.history.record(decided.actionId, decided.seat, decided.events, decided.state);
      game.state = game.history.state;
      const first = fresh[0];
      const last = fresh[fresh.length - 1];
      game.revision = last.revision;
      game.commands.set(decided.actionId, {
        fingerprint: decided.fingerprint,
        firstRevision: first.revision,
        lastRevision: last.revision,
        seat: decided.seat,
        recordedAt: decided.recordedAt,
      });
      return;
    } else {
      game.history.append(toLogEntries(fresh, game.history.lastEntry));
    }
    game.state = game.history.state;
    for (const recorded of fresh) this.bookkeep(game, recorded);
  }

  private bookkeep(game: LoadedGame, recorded: RecordedEvent): void {
    game.revision = recorded.revision;
    const { commandId, commandFingerprint, seatTokens } = recorded.metadata;
    if (Array.isArray(seatTokens)) game.seatTokens = seatTokens as SeatTokenDigest[];
    const version =
      recorded.revision === 0 || recorded.type === 'GameMigrated' || recorded.metadata.rulesVersion !== undefined ? recordedRulesVersion(recorded) : undefined;
    if (version) {
      game.rulesVersion = version.rules;
      if (recorded.revision === 0) game.createdUnder = version;
    }
    if (typeof commandId === 'string') {
      const known = game.commands instanceof CommandRecords ? game.commands.latest(commandId) : game.commands.get(commandId);
      if (known) known.lastRevision = recorded.revision;
      else
        game.commands.set(commandId, {
          fingerprint: String(commandFingerprint ?? ''),
          firstRevision: recorded.revision,
          lastRevision: recorded.revision,
          seat: typeof recorded.metadata.seat === 'number' ? recorded.metadata.seat : null,
          recordedAt: typeof recorded.metadata.recordedAt === 'string' ? recorded.metadata.recordedAt : null,
        });
    }
  }

  /** How many games have a snapshot (for /metrics and the bench). */
  snapshotCount(): number {
    return this.snapshots?.count() ?? 0;
  }

  private empty(gameId: string): LoadedGame {
    const history = new GameHistory({ freezeStates: this.freezeStates });
    return {
      gameId,
      history,
      state: history.state,
      revision: -1,
      seatTokens: [],
      commands: new Map(),
      estimatedBytes: GAME_BYTES,
      createdUnder: null,
      rulesVersion: null,
      rulesVerdict: undefined,
    };
  }
}

/**
 * Whether the log after a snapshot's base can follow from it: no migration (it may take back any
 * action), and no undo or redo of an action the resumed history does not hold (a log written
 * elsewhere could name one from before the base; these rules never do).
 */
function followsFrom(base: HistoryBase, entries: readonly LogEntry[]): boolean {
  const known = new Set<string>([base.floor.actionId]);
  for (const { actionId, event } of entries) {
    known.add(actionId);
    if (event.type === 'GameMigrated') return false;
    if ((event.type === 'ActionUndone' || event.type === 'ActionRedone') && !known.has(event.data.actionId)) return false;
  }
  return true;
}
