// Presence kept in this server's memory: each open feed and each page's heartbeat marks its seat
// (or a spectator) seen; a seat stays connected through a grace window after its last feed closed
// or its last heartbeat, so a page reloading or a feed reconnecting does not flicker it away.
// Everything is derived from two times per seat (last seen, connected since) and the clock, so
// a status read at any moment is exact; the sweep only notices the moments a status changes by
// time alone (connected → away → absent) and tells the watchers.
import type { GamePresence, PresenceClient, PresencePort, PresenceStatus, SeatPresence } from './presence.port';

export interface PresenceTrackerOptions {
  /** A seat is away after this long with no open feed and no heartbeat. */
  awayMs: number;
  /** …and absent after this long. */
  absentMs: number;
  /** This server's name, in every answer. */
  server: string;
  /** Milliseconds since the epoch; injected so tests drive the grace window without waiting. */
  now?: () => number;
  /**
   * false: no timers at all, changes reach watchers only when `sweep()` is called (unit tests);
   * true (default): a change reaches them on the next turn of the event loop, and time-driven
   * changes within `sweepEveryMs` of happening.
   */
  timers?: boolean;
}

interface Client {
  seat: number | null;
  feeds: number;
  lastSeen: number;
}

interface SeatSeen {
  lastSeen: number;
  connectedSince: number;
}

interface GameEntry {
  clients: Map<string, Client>;
  seats: Map<number, SeatSeen>;
  watchers: Set<() => void>;
  /** The summary the watchers were last told of (JSON), so that only a real change reaches them. */
  told: string;
}

/**
 * Heartbeat clients one game keeps (feeds are bounded by the feed limits already): a page that
 * invents ids cannot grow the map past this; heartbeats beyond it are answered but not counted.
 */
export const MAX_CLIENTS_PER_GAME = 1000;

export class PresenceTracker implements PresencePort {
  private readonly games = new Map<string, GameEntry>();
  private readonly dirty = new Set<string>();
  private readonly now: () => number;
  private readonly timers: boolean;
  private flushScheduled: NodeJS.Immediate | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private feedIds = 0;

  constructor(private readonly options: PresenceTrackerOptions) {
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? true;
  }

  /** How often the sweep looks for time-driven changes: a quarter of the grace window, 25 ms to 1 s. */
  get sweepEveryMs(): number {
    return Math.max(25, Math.min(1000, Math.floor(this.options.awayMs / 4)));
  }

  openFeed(gameId: string, who: PresenceClient): () => void {
    const entry = this.entry(gameId);
    // A feed without a page id is a connection of its own.
    const key = who.client ?? `feed#${++this.feedIds}`;
    const client = this.client(entry, key, who.seat, true);
    if (client) {
      this.seen(entry, client);
      client.feeds += 1;
    }
    this.changed(gameId);
    let released = false;
    return () => {
      if (released || !client) return;
      released = true;
      client.feeds -= 1;
      // Seen until the moment it left: the grace window runs from here.
      this.seen(entry, client);
      // A feed of no page is over once closed (a reconnect is a new one, not the same spectator
      // twice); what it did for its seat stays in the seat's times.
      if (who.client === undefined) entry.clients.delete(key);
      this.changed(gameId);
    };
  }

  heartbeat(gameId: string, who: PresenceClient): void {
    const entry = this.entry(gameId);
    const client = this.client(entry, who.client ?? (who.seat === null ? undefined : `seat#${who.seat}`), who.seat, false);
    if (!client) return;
    this.seen(entry, client);
    this.changed(gameId);
  }

  presenceOf(gameId: string, seats: ReadonlyArray<{ seat: number; name: string }>): GamePresence {
    const entry = this.games.get(gameId);
    const now = this.now();
    return {
      gameId,
      server: this.options.server,
      seats: seats.map(({ seat, name }): SeatPresence => {
        const { status, since } = entry ? this.statusOf(entry, seat, now) : { status: 'absent' as const, since: null };
        return { seat, name, status, since: since === null ? null : new Date(since).toISOString() };
      }),
      spectators: entry ? this.spectators(entry, now) : 0,
      awayAfterMs: this.options.awayMs,
      absentAfterMs: this.options.absentMs,
    };
  }

  watch(gameId: string, onChange: () => void): () => void {
    const entry = this.entry(gameId);
    entry.watchers.add(onChange);
    return () => {
      entry.watchers.delete(onChange);
      this.changed(gameId);
    };
  }

  /**
   * Tells the watchers of every game whose presence changed since they were last told, and
   * forgets what no longer counts (clients gone past the grace window, games with nobody left).
   */
  sweep(): void {
    this.flush(this.games.keys());
  }

  /** Stops the timers (the server is stopping). */
  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
    this.sweeper = undefined;
    this.flushScheduled = undefined;
  }

  private flush(gameIds: Iterable<string>): void {
    const now = this.now();
    for (const gameId of [...gameIds]) {
      this.dirty.delete(gameId);
      const entry = this.games.get(gameId);
      if (!entry) continue;
      for (const [key, client] of entry.clients) {
        if (client.feeds === 0 && now - client.lastSeen >= this.options.awayMs) entry.clients.delete(key);
      }
      const summary = this.summary(entry, now);
      if (summary !== entry.told) {
        entry.told = summary;
        for (const watcher of [...entry.watchers]) watcher();
      }
      // Absent seats keep their time for another absence window ("absent since"), then the game is forgotten.
      const longGone = [...entry.seats.values()].every((seat) => now - seat.lastSeen >= 2 * this.options.absentMs);
      if (entry.clients.size === 0 && entry.watchers.size === 0 && longGone) this.games.delete(gameId);
    }
    if (this.games.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  private entry(gameId: string): GameEntry {
    let entry = this.games.get(gameId);
    if (!entry) {
      entry = { clients: new Map(), seats: new Map(), watchers: new Set(), told: '' };
      this.games.set(gameId, entry);
      entry.told = this.summary(entry, this.now());
      if (this.timers && !this.sweeper) {
        this.sweeper = setInterval(() => this.sweep(), this.sweepEveryMs);
        this.sweeper.unref();
      }
    }
    return entry;
  }

  /** The client `key`, now of `seat` when a token said so (a page's id keeps the seat its heartbeat named). */
  private client(entry: GameEntry, key: string | undefined, seat: number | null, isFeed: boolean): Client | undefined {
    if (key === undefined) return undefined;
    let client = entry.clients.get(key);
    if (!client) {
      if (!isFeed && entry.clients.size >= MAX_CLIENTS_PER_GAME) return undefined;
      client = { seat, feeds: 0, lastSeen: this.now() };
      entry.clients.set(key, client);
    } else if (seat !== null) {
      client.seat = seat;
    }
    return client;
  }

  private seen(entry: GameEntry, client: Client): void {
    const now = this.now();
    client.lastSeen = now;
    if (client.seat === null) return;
    const seat = entry.seats.get(client.seat);
    if (!seat) {
      entry.seats.set(client.seat, { lastSeen: now, connectedSince: now });
      return;
    }
    if (this.statusOf(entry, client.seat, now).status !== 'connected') seat.connectedSince = now;
    seat.lastSeen = now;
  }

  private statusOf(entry: GameEntry, seat: number, now: number): { status: PresenceStatus; since: number | null } {
    const seen = entry.seats.get(seat);
    if (!seen) return { status: 'absent', since: null };
    let open = false;
    for (const client of entry.clients.values()) if (client.seat === seat && client.feeds > 0) open = true;
    const quiet = now - seen.lastSeen;
    if (open || quiet < this.options.awayMs) return { status: 'connected', since: seen.connectedSince };
    if (quiet < this.options.absentMs) return { status: 'away', since: seen.lastSeen + this.options.awayMs };
    return { status: 'absent', since: seen.lastSeen + this.options.absentMs };
  }

  private spectators(entry: GameEntry, now: number): number {
    let n = 0;
    for (const client of entry.clients.values()) {
      if (client.seat === null && (client.feeds > 0 || now - client.lastSeen < this.options.awayMs)) n += 1;
    }
    return n;
  }

  private summary(entry: GameEntry, now: number): string {
    const seats = [...entry.seats.keys()].sort((a, b) => a - b).map((seat) => [seat, this.statusOf(entry, seat, now)]);
    return JSON.stringify([seats, this.spectators(entry, now)]);
  }

  private changed(gameId: string): void {
    this.dirty.add(gameId);
    if (!this.timers || this.flushScheduled) return;
    this.flushScheduled = setImmediate(() => {
      this.flushScheduled = undefined;
      this.flush(this.dirty);
    });
  }
}
