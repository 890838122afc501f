// The game-states read model: every game's state, folded from its events by the projection
// runner. The board view of any game can be served from it, and it must always equal a fresh
// fold of the game's stream (the int-spec proves it across restarts and rebuilds).
import type { RecordedEvent } from '@logbook/event-store';
import { GAME_STREAM_PREFIX, gameIdOf, toDomainEvent, toLogEntries } from '@logbook/game-log';
import { applyEvent, effectiveEntries, foldEvents, HISTORY_EVENT_TYPES, initialState } from '@logbook/rules';
import type { Projection } from '../runner/projection';
import type { GameStateStore } from './game-state-store.port';

/** A game's first events, up to and including `toRevision`. */
export type GameLogReader = (gameId: string, toRevision: number) => Promise<RecordedEvent[]>;

export class GameStatesProjection implements Projection {
  readonly name = 'game-states';
  readonly filter = { streamPrefixes: [GAME_STREAM_PREFIX] };

  /** `readLog` lets undo and redo refold the game's effective log; without it they fail. */
  constructor(
    private readonly store: GameStateStore,
    private readonly readLog?: GameLogReader,
  ) {}

  handle(event: RecordedEvent): void | Promise<void> {
    const gameId = gameIdOf(event.streamId);
    const record = this.store.get(gameId) ?? { gameId, revision: -1, state: initialState() };
    // Delivery is at least once: an event already folded in comes again after a crash.
    if (event.revision <= record.revision) return;
    if (event.revision !== record.revision + 1) {
      throw new Error(`game-states: ${event.streamId} jumps from revision ${record.revision} to ${event.revision}`);
    }
    if (HISTORY_EVENT_TYPES.has(event.type)) return this.refold(gameId, event);
    applyEvent(record.state, toDomainEvent(event));
    record.revision = event.revision;
    const at = typeof event.metadata.recordedAt === 'string' ? event.metadata.recordedAt : undefined;
    if (event.revision === 0) record.createdAt = at;
    if (at !== undefined) record.updatedAt = at;
    this.store.put(record);
  }

  /** Undo/redo change which events count: the state is a fold of the game's effective log. */
  private async refold(gameId: string, event: RecordedEvent): Promise<void> {
    if (!this.readLog) throw new Error(`game-states: ${event.type} needs the game's log to refold`);
    const log = await this.readLog(gameId, event.revision);
    const state = foldEvents(effectiveEntries(toLogEntries(log)).map((e) => e.event));
    this.store.put({ gameId, revision: event.revision, state });
  }

  reset(): void {
    this.store.clear();
  }

  flush(): void {
    this.store.flush();
  }
}
