// Loads a game by folding its stream, keeps the fold cached, and catches up from the cached
// revision on every load, so a write by another server process is never missed. The cached
// fold only ever takes committed events (decisions work on their own copy), and each event
// is folded once even when two loads catch up at the same time.
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@logbook/event-store';
import { gameStreamId, toDomainEvent } from '@logbook/game-log';
import { applyEvent, initialState, type GameState } from '@logbook/rules';
import { GameNotFoundError } from './game.errors';
import type { SeatTokenDigest } from './seat-tokens';

export interface CommandRecord {
  /** Fingerprint of the command body, to refuse a reused commandId with other content. */
  fingerprint: string;
  firstRevision: number;
  lastRevision: number;
}

export interface LoadedGame {
  gameId: string;
  state: GameState;
  /** Revision of the stream's last event. */
  revision: number;
  seatTokens: SeatTokenDigest[];
  commands: Map<string, CommandRecord>;
}

/** How many games the fold cache keeps (least recently used are dropped). */
const CACHE_SIZE = 1000;

@Injectable()
export class GameRepository {
  private readonly cache = new Map<string, LoadedGame>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(gameId: string): Promise<LoadedGame> {
    const cached = this.cache.get(gameId);
    const fromRevision = cached ? cached.revision + 1 : 0;
    const result = await this.store.readStream(gameStreamId(gameId), { fromRevision });
    if (result.status === 'stream_not_found') {
      this.cache.delete(gameId);
      throw new GameNotFoundError(gameId);
    }
    const game = cached ?? this.empty(gameId);
    for (const recorded of result.events) this.fold(game, recorded);
    if (game.revision < 0) throw new GameNotFoundError(gameId);
    this.remember(game);
    return game;
  }

  /** The game as it stood at `revision` (replay and seek): a fresh fold of its first events. */
  async loadAt(gameId: string, revision: number): Promise<LoadedGame> {
    const result = await this.store.readStream(gameStreamId(gameId), { fromRevision: 0, maxCount: revision + 1 });
    if (result.status === 'stream_not_found') throw new GameNotFoundError(gameId);
    const game = this.empty(gameId);
    for (const recorded of result.events) this.fold(game, recorded);
    return game;
  }

  /** Records events this process just appended, so the next load needs no re-read of them. */
  remember(game: LoadedGame): void {
    this.cache.delete(game.gameId);
    this.cache.set(game.gameId, game);
    if (this.cache.size > CACHE_SIZE) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
  }

  /** Folds one committed event into a loaded game (mutates it); an event already in is skipped. */
  fold(game: LoadedGame, recorded: RecordedEvent): void {
    if (recorded.revision <= game.revision) return;
    applyEvent(game.state, toDomainEvent(recorded));
    game.revision = recorded.revision;
    const { commandId, commandFingerprint, seatTokens } = recorded.metadata;
    if (Array.isArray(seatTokens)) game.seatTokens = seatTokens as SeatTokenDigest[];
    if (typeof commandId === 'string') {
      const known = game.commands.get(commandId);
      if (known) known.lastRevision = recorded.revision;
      else
        game.commands.set(commandId, {
          fingerprint: String(commandFingerprint ?? ''),
          firstRevision: recorded.revision,
          lastRevision: recorded.revision,
        });
    }
  }

  private empty(gameId: string): LoadedGame {
    return { gameId, state: initialState(), revision: -1, seatTokens: [], commands: new Map() };
  }
}
