// The game-states read model: every game's state, folded from its events by the projection
// runner. The board view of any game can be served from it, and it must always equal a fresh
// fold of the game's stream (the int-spec proves it across restarts and rebuilds).
import { LRUCache } from 'lru-cache';
import type { RecordedEvent } from '@logbook/event-store';
import { effectiveHistory, GAME_STREAM_PREFIX, gameIdOf, toDomainEvent, toLogEntries } from '@logbook/game-log';
import { applyEvent, GameHistory, HISTORY_EVENT_TYPES, initialState } from '@logbook/rules';
import { isPromise, type Awaitable } from '../runner/awaitable';
import type { Projection } from '../runner/projection';
import type { GameStateRecord, GameStateStore } from './game-state-store.port';

/** A game's first events, up to and including `toRevision`. */
export type GameLogReader = (gameId: string, toRevision: number) => Promise<RecordedEvent[]>;

/** Games whose history the projection keeps after an undo or redo (least recently used dropped). */
const HISTORIES = 32;

export class GameStatesProjection implements Projection {
  readonly name = 'game-states';
  readonly filter = { streamPrefixes: [GAME_STREAM_PREFIX] };
  /**
   * The history of each game that has had an undo or redo lately, kept in step with its events:
   * the next undo takes its state from the history's kept states (a bounded fold), instead of
   * reading and folding the whole log again (an imported log full of undos did that for each).
   */
  private readonly histories = new LRUCache<string, GameHistory>({ max: HISTORIES });

  /** `readLog` lets undo and redo refold the game's effective log; without it they fail. */
  constructor(
    private readonly store: GameStateStore,
    private readonly readLog?: GameLogReader,
  ) {}

  handle(event: RecordedEvent): void | Promise<void> {
    const gameId = gameIdOf(event.streamId);
    const found = this.store.get(gameId);
    // The embedded stores answer at once: no promise per event unless the store had to read a server.
    return isPromise(found) ? found.then((record) => this.fold(gameId, record, event)) : this.fold(gameId, found, event);
  }

  private fold(gameId: string, found: GameStateRecord | undefined, event: RecordedEvent): void | Promise<void> {
    const record = found ?? { gameId, revision: -1, state: initialState() };
    // Delivery is at least once: an event already folded in comes again after a crash.
    if (event.revision <= record.revision) return;
    if (event.revision !== record.revision + 1) {
      throw new Error(`game-states: ${event.streamId} jumps from revision ${record.revision} to ${event.revision}`);
    }
    let history = this.histories.get(gameId);
    if (history && history.revision !== record.revision) {
      this.histories.delete(gameId);
      history = undefined;
    }
    if (HISTORY_EVENT_TYPES.has(event.type)) return history ? this.takeBack(history, record, event) : this.refold(record, event);
    history?.append(toLogEntries([event], history.entries[history.entries.length - 1]));
    applyEvent(record.state, toDomainEvent(event));
    record.revision = event.revision;
    const at = typeof event.metadata.recordedAt === 'string' ? event.metadata.recordedAt : undefined;
    // An imported file may not say when its game began: then it began here, when it was imported.
    if (event.revision === 0) record.createdAt = at ?? (typeof event.metadata.importedAt === 'string' ? event.metadata.importedAt : undefined);
    if (at !== undefined) record.updatedAt = at;
    this.store.put(record);
  }

  /**
   * Undo/redo change which events count: the state is the effective history's. The first one
   * of a game reads its log and keeps the history; later ones take its kept states.
   */
  private async refold(record: GameStateRecord, event: RecordedEvent): Promise<void> {
    if (!this.readLog) throw new Error(`game-states: ${event.type} needs the game's log to refold`);
    const log = await this.readLog(record.gameId, event.revision);
    const history = effectiveHistory(log);
    this.histories.set(record.gameId, history);
    this.put(record, history, event);
  }

  private takeBack(history: GameHistory, record: GameStateRecord, event: RecordedEvent): void {
    history.append(toLogEntries([event], history.entries[history.entries.length - 1]));
    this.put(record, history, event);
  }

  private put(record: GameStateRecord, history: GameHistory, event: RecordedEvent): void {
    const at = event.metadata.recordedAt;
    // The history's states are frozen and shared; the record's is folded in place by later events.
    record.state = structuredClone(history.state);
    record.revision = event.revision;
    if (typeof at === 'string') record.updatedAt = at;
    this.store.put(record);
  }

  /** Forgets the game's kept history: its names changed (a subject was erased), and an undo must not put the old ones back. */
  forgetHistory(gameId: string): void {
    this.histories.delete(gameId);
  }

  reset(): Awaitable<void> {
    this.histories.clear();
    return this.store.clear();
  }

  needsRebuild(): boolean {
    return this.store.needsRebuild?.() ?? false;
  }

  flush(): Awaitable<void> {
    return this.store.flush();
  }

  unwritten(): number {
    return this.store.unwritten?.() ?? 0;
  }
}
