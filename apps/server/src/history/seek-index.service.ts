// Seek indexes of the games people look back into, held in memory: each game's log read once
// into actions, snapshots of its effective state every K events, caught up incrementally as the
// game grows. A seek is then a snapshot and a fold of fewer than K events, whoever asks and
// however often. Bounded: the indexes together stay under a byte budget, least recently used
// games dropped first (they are caches: the log is the truth, and they rebuild from it).
// Building an index for a long game reads and folds in pages, yielding to the event loop between
// pages, so one spectator opening a 10,000-event game never stalls everyone else.
import { Inject, Injectable } from '@nestjs/common';
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { SeekIndex, TimelineBuilder, type Timeline } from '@logbook/projections';
import type { GameState } from '@logbook/rules';
import { GameNotFoundError } from '../games/game.errors';
import { KeyedLock } from '../games/keyed-lock';
import { SEEK_CONFIG, type SeekConfig } from './seek-config';

/** Events read and folded between two yields to the event loop. */
const PAGE = 500;

interface GameIndex {
  index: SeekIndex;
  /** Fed whole actions only: after a catch-up to the end of the stream (appends are whole actions). */
  timeline?: TimelineBuilder;
  built?: Timeline;
}

export interface SeekIndexReport {
  games: number;
  events: number;
  snapshots: number;
  /** Estimated bytes (JSON size) of the snapshots, and of the events held for folding. */
  snapshotBytes: number;
  eventBytes: number;
  budgetBytes: number;
  snapshotEvery: number;
}

@Injectable()
export class SeekIndexService {
  /** In least-recently-used order (a Map keeps insertion order; a use re-inserts). */
  private readonly games = new Map<string, GameIndex>();
  private readonly locks = new KeyedLock();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SEEK_CONFIG) private readonly config: SeekConfig,
  ) {}

  /** Drops the game's index (its names changed: a subject was erased); the next seek builds it again. */
  forget(gameId: string): Promise<void> {
    return this.locks.run(gameId, async () => void this.games.delete(gameId));
  }

  /** The effective state after the first `revision + 1` events. Shared: read it, never change it. */
  async stateAt(gameId: string, revision: number): Promise<Readonly<GameState>> {
    const game = await this.caughtUp(gameId, revision);
    return game.index.stateAt(revision);
  }

  /** The game's timeline as of its latest event (what was added since the last one is described once). */
  async timeline(gameId: string): Promise<Timeline> {
    const game = await this.caughtUp(gameId, Number.MAX_SAFE_INTEGER);
    if (game.built?.revision === game.index.revision) return game.built;
    const builder = (game.timeline ??= new TimelineBuilder(gameId));
    const actions = game.index.actions;
    for (let i = builder.size; i < actions.length; i++) builder.add(actions[i]);
    game.built = builder.build();
    return game.built;
  }

  report(): SeekIndexReport {
    const report: SeekIndexReport = {
      games: this.games.size,
      events: 0,
      snapshots: 0,
      snapshotBytes: 0,
      eventBytes: 0,
      budgetBytes: this.config.budgetBytes,
      snapshotEvery: this.config.snapshotEvery,
    };
    for (const { index } of this.games.values()) {
      const stats = index.stats;
      report.events += stats.events;
      report.snapshots += stats.snapshots;
      report.snapshotBytes += stats.snapshotBytes;
      report.eventBytes += stats.eventBytes;
    }
    return report;
  }

  /** The game's index holding at least `revision` (or everything recorded, for a larger one). */
  private async caughtUp(gameId: string, revision: number): Promise<GameIndex> {
    const held = this.games.get(gameId);
    if (held && held.index.revision >= revision) {
      this.touch(gameId, held);
      return held;
    }
    return this.locks.run(gameId, async () => {
      const game = this.games.get(gameId) ?? { index: new SeekIndex({ snapshotEvery: this.config.snapshotEvery }) };
      while (game.index.revision < revision) {
        const result = await this.store.readStream(gameStreamId(gameId), { fromRevision: game.index.revision + 1, maxCount: PAGE });
        if (result.status === 'stream_not_found') {
          this.games.delete(gameId);
          throw new GameNotFoundError(gameId);
        }
        for (const event of result.events) game.index.append(event);
        if (result.events.length < PAGE) break;
        await nextTurnOfTheLoop();
      }
      if (game.index.revision < 0) throw new GameNotFoundError(gameId);
      this.touch(gameId, game);
      this.evict(gameId);
      return game;
    });
  }

  private touch(gameId: string, game: GameIndex): void {
    this.games.delete(gameId);
    this.games.set(gameId, game);
  }

  /** Drops the least recently used games until the rest fit the budget (never the one in use). */
  private evict(inUse: string): void {
    let total = 0;
    for (const { index } of this.games.values()) total += index.bytes;
    for (const [gameId, { index }] of this.games) {
      if (total <= this.config.budgetBytes) break;
      if (gameId === inUse) continue;
      this.games.delete(gameId);
      total -= index.bytes;
    }
  }
}
