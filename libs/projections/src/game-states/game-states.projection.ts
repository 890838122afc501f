// The game-states read model: every game's state, folded from its events by the projection
// runner. The board view of any game can be served from it, and it must always equal a fresh
// fold of the game's stream (the int-spec proves it across restarts and rebuilds).
import type { RecordedEvent } from '@logbook/event-store';
import { GAME_STREAM_PREFIX, gameIdOf, toDomainEvent } from '@logbook/game-log';
import { applyEvent, initialState } from '@logbook/rules';
import type { Projection } from '../runner/projection';
import type { GameStateStore } from './game-state-store.port';

export class GameStatesProjection implements Projection {
  readonly name = 'game-states';
  readonly filter = { streamPrefixes: [GAME_STREAM_PREFIX] };

  constructor(private readonly store: GameStateStore) {}

  handle(event: RecordedEvent): void {
    const gameId = gameIdOf(event.streamId);
    const record = this.store.get(gameId) ?? { gameId, revision: -1, state: initialState() };
    // Delivery is at least once: an event already folded in comes again after a crash.
    if (event.revision <= record.revision) return;
    if (event.revision !== record.revision + 1) {
      throw new Error(`game-states: ${event.streamId} jumps from revision ${record.revision} to ${event.revision}`);
    }
    applyEvent(record.state, toDomainEvent(event));
    record.revision = event.revision;
    this.store.put(record);
  }

  reset(): void {
    this.store.clear();
  }

  flush(): void {
    this.store.flush();
  }
}
