// Live updates of one game as server-sent events: the history from a revision, then every new
// event as it is recorded, redacted for the viewer. Built on the store's catch-up subscription,
// so there is no gap and no duplicate at the hand-over from history to live.
import { Inject, Injectable, type BeforeApplicationShutdown, type MessageEvent } from '@nestjs/common';
import { concat, filter, from, map, Subject, takeUntil, type Observable } from 'rxjs';
import { statusAfter } from '@logbook/rules';
import { EVENT_STORE, resubscribing, type EventStore, type RecordedEvent } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { actionMetaReader, viewEvent } from './game-events.service';
import { GameNotFoundError } from './game.errors';
import type { LoadedGame } from './game-repository';

@Injectable()
export class LiveFeedService implements BeforeApplicationShutdown {
  /** Ends every open feed when the server stops, so an open connection never holds up a shutdown. */
  private readonly stopping = new Subject<void>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** `game` as loaded when the feed was asked for; `seat` the viewer (null: a spectator). */
  async feed(game: LoadedGame, seat: number | null, fromRevision: number): Promise<Observable<MessageEvent>> {
    const { gameId } = game;
    const streamId = gameStreamId(gameId);
    const history = await this.store.readStream(streamId, { fromRevision });
    if (history.status === 'stream_not_found') throw new GameNotFoundError(gameId);
    // Live events start strictly after the last event already read (or the game's latest).
    const last = history.events.at(-1) ?? (await this.lastEvent(streamId));
    // Resumed after the last delivered event if the store drops the subscription (EventStoreDB restart, leader change).
    const live = resubscribing(this.store, { fromPosition: last?.position, filter: { streamPrefixes: [streamId] } })
      .pipe(filter((e) => e.streamId === streamId));
    // Each event is shown as the viewer may see it then: secrets open once the scenario ends.
    let status = game.state.status;
    const actions = actionMetaReader(game);
    return concat(from(history.events), live).pipe(
      map((recorded) => {
        status = statusAfter(status, recorded.type);
        return { id: String(recorded.revision), type: recorded.type, data: viewEvent(recorded, seat, status, actions.metaOf(recorded)) };
      }),
      takeUntil(this.stopping),
    );
  }

  beforeApplicationShutdown(): void {
    this.stopping.next();
    this.stopping.complete();
  }

  private async lastEvent(streamId: string): Promise<RecordedEvent | undefined> {
    const result = await this.store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    return result.status === 'ok' ? result.events[0] : undefined;
  }
}
