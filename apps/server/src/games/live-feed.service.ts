// Live updates of one game as server-sent events: the history from a revision, then every new
// event as it is recorded, redacted for the viewer. Written by hand rather than through Nest's
// @Sse Observable, because a feed must bound what it costs the server:
// - history is read one page at a time and the next page waits until the socket has drained
//   (a client that reads slowly holds at most one page, never the whole game) and until other
//   requests waiting on the event loop had their turn (a long history never starves a player);
// - live events come from the store's pulled catch-up subscription (bounded buffer), written
//   with the same back-pressure, so there is no gap and no duplicate at the hand-over; a store
//   that drops the subscription (EventStoreDB restart, leader change) is resubscribed after the
//   last event sent, with backoff;
// - one client address holds at most `maxFeedsPerClient` feeds open (429 past that);
// - a comment line keeps idle connections (and proxies) alive at least every 15 s;
// - history frames are made once per viewer class and shared (feed-frame-cache.ts);
// - a browser reconnecting sends Last-Event-ID and resumes after it, instead of from the start;
// - the feed ends once the game is over (after the event that ended it), and when the server stops
//   (with a `retry:` hint for the reconnect);
// - an open feed counts its viewer as connected (presence), and when asked it also carries the
//   game's presence as `event: presence` messages without an id: they are not events of the game,
//   never cached, and never move the Last-Event-ID a reconnect resumes from.
import { HttpException, HttpStatus, Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { setMaxListeners } from 'node:events';
import { isGameOver, statusAfter, type GameState } from '@logbook/rules';
import type { AppConfig } from '@logbook/app-core';
import { EVENT_STORE, EventStoreUnavailableError, type EventStore, type RecordedEvent } from '@logbook/event-store';
import { gameStreamId, type EventView } from '@logbook/game-log';
import { FeedFrameCache } from './feed-frame-cache';
import { actionMetaReader, viewEvent } from './game-events.service';
import { GameNotFoundError } from './game.errors';
import type { LoadedGame } from './game-repository';
import { cacheBudgetsFrom } from './cache-budgets';
import { PRESENCE, type PresencePort } from '../presence/presence.port';
import { presenceWriter } from './feed-presence';

/** Events read from the store per history page. */
export const FEED_PAGE_SIZE = 50;
/**
 * Idle connections get a comment line this often: proxies commonly drop a connection silent for
 * 30 to 60 s, and the client tells a dead feed from a quiet one by it.
 */
export const FEED_KEEP_ALIVE_MS = 15_000;

/**
 * The Retry-After of a refused feed: a slot frees when one of the client's feeds closes, which
 * the server cannot foresee, so it names the reconnect delay its feeds ask for (`retry:`), rounded up.
 */
export const FEED_SLOT_RETRY_SECONDS = 2;

export class TooManyFeedsError extends HttpException {
  constructor(max: number) {
    super(`This client already holds ${max} live feeds open: close one first`, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** `Last-Event-ID: 41` → resume at 42; absent or malformed → undefined (use `from`). */
export const resumeAfter = (lastEventId: string | undefined): number | undefined =>
  lastEventId !== undefined && /^\d{1,9}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) + 1 : undefined;

/** What a feed tells presence: the page's id (its heartbeats' too), and whether it wants presence messages. */
export interface FeedPresenceOptions {
  client?: string | undefined;
  presence?: boolean;
}

/** The event that ends the scenario (after it, nothing more is ever recorded in the feed). */
const endsGame = (type: string): boolean => isGameOver(statusAfter('active', type));

@Injectable()
export class LiveFeedService implements BeforeApplicationShutdown {
  /** Ends every open feed when the server stops, so an open connection never holds up a shutdown. */
  private readonly stopping = new AbortController();
  private readonly openPerClient = new Map<string, number>();
  private readonly maxPerClient: number;
  private readonly frames = new FeedFrameCache(cacheBudgetsFrom(process.env).feedFramesBytes);
  /** Overridable by tests; FEED_KEEP_ALIVE_MS otherwise. */
  keepAliveMs = FEED_KEEP_ALIVE_MS;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    config: ConfigService,
    @Inject(PRESENCE) private readonly presence: PresencePort,
  ) {
    this.maxPerClient = config.get<AppConfig['maxFeedsPerClient']>('maxFeedsPerClient') ?? 16;
    // Every open feed listens for the stop: as many listeners as feeds is expected, not a leak.
    setMaxListeners(0, this.stopping.signal);
  }

  /** Open feeds, for /health and tests. */
  /** Drops the game's cached frames (its names changed: a subject was erased). */
  forgetGame(gameId: string): void {
    this.frames.forgetGame(gameId);
  }

  get openFeeds(): number {
    let n = 0;
    for (const count of this.openPerClient.values()) n += count;
    return n;
  }

  /**
   * `game` as loaded when the feed was asked for, `seat` the viewer (null: a spectator). Refusals
   * are thrown before any byte is written, so they leave as problem+json; then it streams until
   * the game ends, the client leaves or the server stops.
   */
  async stream(
    req: FastifyRequest,
    reply: FastifyReply,
    game: LoadedGame,
    seat: number | null,
    fromRevision: number,
    options: FeedPresenceOptions = {},
  ): Promise<void> {
    const { gameId } = game;
    const streamId = gameStreamId(gameId);
    const client = req.ip ?? req.raw.socket.remoteAddress ?? 'unknown';
    const open = this.openPerClient.get(client) ?? 0;
    if (open >= this.maxPerClient) {
      // A client library waits as the standard header says, not as the problem's text does.
      reply.header('Retry-After', String(FEED_SLOT_RETRY_SECONDS));
      throw new TooManyFeedsError(this.maxPerClient);
    }
    this.openPerClient.set(client, open + 1);
    // From here on the feed writes to the socket itself (Fastify sends nothing for this request).
    reply.hijack();
    const res = reply.raw;

    const done = new AbortController();
    const abort = () => done.abort();
    this.stopping.signal.addEventListener('abort', abort);
    res.on('close', abort);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    // Tell a browser how soon to reconnect, and keep the connection alive while nothing happens.
    res.write('retry: 2000\n\n');
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), this.keepAliveMs);
    keepAlive.unref();

    // Each event is shown as the viewer may see it then: secrets open once the scenario ends.
    let status: GameState['status'] = game.state.status;
    const cacheKey = FeedFrameCache.key(gameId, seat, isGameOver(status));
    // Who (seat) and when (recordedAt) of each event's action.
    const actions = actionMetaReader(game);
    const send = async (frame: string): Promise<void> => {
      if (!res.write(frame)) await this.drained(res, done.signal);
    };
    const write = async (recorded: RecordedEvent): Promise<boolean> => {
      const before = status;
      status = statusAfter(status, recorded.type);
      const view: EventView = viewEvent(recorded, seat, status, actions.metaOf(recorded));
      const frame = `id: ${recorded.revision}\nevent: ${recorded.type}\ndata: ${JSON.stringify(view)}\n\n`;
      // Only a frame made under the key's own status is shared (not the one that ends the game).
      if (before === status) this.frames.add(cacheKey, recorded.revision, recorded.position, frame);
      await send(frame);
      return !endsGame(recorded.type);
    };

    // The viewer leaves the moment the socket closes, not once the loop below notices.
    const leave = this.presence.openFeed(gameId, { seat, client: options.client });
    const unwatch = options.presence ? this.presenceMessages(res, game) : undefined;
    const gone = () => {
      unwatch?.();
      leave();
    };
    done.signal.addEventListener('abort', gone, { once: true });
    try {
      let next = fromRevision;
      let last: { revision: number; position: bigint } | undefined;
      // History, a page at a time: frames already made for this viewer class, else from the store.
      for (;;) {
        if (done.signal.aborted) return;
        const cached = this.frames.read(cacheKey, next, FEED_PAGE_SIZE);
        if (cached.frames.length > 0 && cached.lastPosition !== undefined) {
          for (const frame of cached.frames) await send(frame);
          next += cached.frames.length;
          last = { revision: next - 1, position: cached.lastPosition };
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        const page = await this.store.readStream(streamId, { fromRevision: next, maxCount: FEED_PAGE_SIZE });
        if (page.status === 'stream_not_found') throw new GameNotFoundError(gameId);
        for (const recorded of page.events) {
          if (done.signal.aborted) return;
          last = recorded;
          if (!(await write(recorded))) return;
        }
        if (page.events.length < FEED_PAGE_SIZE) break;
        next = (page.events.at(-1)?.revision ?? next) + 1;
        // Let every other request in between: reading and writing a page never yields on its own
        // (SQLite reads are synchronous), so a long history would hold the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
      // A game that was already over has nothing more to send.
      if (isGameOver(game.state.status)) return;
      // Live, strictly after the last event read, or, when none was, after the event just before
      // the one asked for (not the game's latest: an event recorded since the history read would be lost).
      last ??= await this.eventBefore(streamId, next);
      for (let attempt = 0; ; attempt++) {
        try {
          const live = this.store.subscribeToAllIterable({
            fromPosition: last?.position,
            filter: { streamPrefixes: [streamId] },
            signal: done.signal,
          });
          for await (const recorded of live) {
            attempt = 0;
            if (recorded.streamId !== streamId || recorded.revision < next || (last && recorded.revision <= last.revision)) continue;
            last = recorded;
            if (!(await write(recorded))) return;
          }
          return;
        } catch (error) {
          if (!(error instanceof EventStoreUnavailableError) || done.signal.aborted) throw error;
          await this.pause(Math.min(100 * 2 ** attempt, 5000), done.signal);
        }
      }
    } catch (error) {
      // Headers are out: an error can only end the stream (the client reconnects with Last-Event-ID).
      if (!done.signal.aborted) res.write(`event: error\ndata: ${JSON.stringify({ detail: 'The feed stopped; reconnect to resume' })}\n\n`);
      void error;
    } finally {
      clearInterval(keepAlive);
      this.stopping.signal.removeEventListener('abort', abort);
      res.off('close', abort);
      const left = (this.openPerClient.get(client) ?? 1) - 1;
      if (left > 0) this.openPerClient.set(client, left);
      else this.openPerClient.delete(client);
      done.abort();
      // A stopping server says when to come back, spread over a few seconds so that every page
      // does not reconnect in the same instant (to this server restarted, or to another).
      if (this.stopping.signal.aborted && !res.writableEnded) res.write(`retry: ${2000 + Math.floor(Math.random() * 3000)}\n: the server is stopping\n\n`);
      if (!res.writableEnded) res.end();
    }
  }

  /**
   * The game's presence now, then again at each change (feed-presence.ts: between whole frames,
   * the latest only while the socket is full).
   */
  private presenceMessages(res: ServerResponse, game: LoadedGame): () => void {
    const seats = game.state.seats;
    const write = presenceWriter(res, () => `event: presence\ndata: ${JSON.stringify(this.presence.presenceOf(game.gameId, seats))}\n\n`);
    write();
    return this.presence.watch(game.gameId, write);
  }

  beforeApplicationShutdown(): void {
    this.stopping.abort();
  }

  private pause(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        resolve();
      }
      signal.addEventListener('abort', finish);
    });
  }

  private drained(res: ServerResponse, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        res.off('drain', finish);
        signal.removeEventListener('abort', finish);
        resolve();
      };
      res.once('drain', finish);
      signal.addEventListener('abort', finish);
    });
  }

  /**
   * The latest event before revision `next`, where a live feed asked from `next` starts (strictly
   * after it). Past the game's head (a feed asked from the future) that is the head, unless events
   * up to `next - 1` were recorded meanwhile; then it is read again.
   */
  private async eventBefore(streamId: string, next: number): Promise<RecordedEvent | undefined> {
    if (next === 0) return undefined; // from the log's start
    for (;;) {
      const before = await this.store.readStream(streamId, { fromRevision: next - 1, maxCount: 1 });
      if (before.status === 'ok' && before.events[0]?.revision === next - 1) return before.events[0];
      const head = await this.store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      const latest = head.status === 'ok' ? head.events[0] : undefined;
      if (latest === undefined || latest.revision < next - 1) return latest;
    }
  }
}
