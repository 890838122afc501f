// Who is connected to a game, as one server sees it. Presence is not an event of the game: it
// is never appended to the log, so it never replays, forks or exports. The port keeps the live
// feed and the routes apart from where presence is kept (this server's memory today), so an
// implementation shared by several servers can replace it without touching them.

/** connected: an open feed or a heartbeat within the grace window; away: neither for longer; absent: away for long, or never seen. */
export type PresenceStatus = 'connected' | 'away' | 'absent';

/** One seat's presence: its number and name (public), never its token. */
export interface SeatPresence {
  seat: number;
  name: string;
  status: PresenceStatus;
  /** When the status began (ISO 8601); null for a seat this server has not seen, or not for two absence windows. */
  since: string | null;
}

/** What `GET /games/{gameId}/presence` answers and the feed's `presence` message carries. */
export interface GamePresence {
  gameId: string;
  /** The server whose connections these are (presence is per server). */
  server: string;
  seats: SeatPresence[];
  /** Spectator pages and feeds connected now. */
  spectators: number;
  /** A seat is away after this long without an open feed or a heartbeat. */
  awayAfterMs: number;
  /** An away seat is absent after this long without either. */
  absentAfterMs: number;
}

/** Who connects: a seat (from its token) or a spectator (null), and the page's own id when it sent one. */
export interface PresenceClient {
  seat: number | null;
  /** A page's random id, shared by its heartbeats and its feed, so its spectator feed counts for its seat. */
  client?: string | undefined;
}

export const PRESENCE = Symbol('PRESENCE');

export interface PresencePort {
  /** A live feed opened; call what it returns when the feed closes. */
  openFeed(gameId: string, who: PresenceClient): () => void;
  /** A page says it is still open. */
  heartbeat(gameId: string, who: PresenceClient): void;
  /** The game's presence now, for its seats (number and name). */
  presenceOf(gameId: string, seats: ReadonlyArray<{ seat: number; name: string }>): GamePresence;
  /** Calls `onChange` whenever the game's presence changes (coalesced); call what it returns to stop. */
  watch(gameId: string, onChange: () => void): () => void;
}
