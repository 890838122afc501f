import type { GameState } from '@logbook/rules';
import type { Awaitable } from '../runner/awaitable';

/** One game's folded state as a read model holds it. */
export interface GameStateRecord {
  gameId: string;
  /** Revision of the last event folded in. */
  revision: number;
  state: GameState;
  /** When the game was created and last changed (the events' recordedAt), when known. */
  createdAt?: string;
  updatedAt?: string;
}

/** A summary row, for listing games without loading their states. */
export interface GameSummary {
  gameId: string;
  revision: number;
  scenarioId: string;
  status: GameState['status'];
  mode: GameState['mode'];
  round: number;
  act: number;
  clues: number;
  clueGoal: number;
  seats: number;
  createdAt: string | null;
  updatedAt: string | null;
}

/** A position in the newest-first order: the page after it starts with the next older game. */
export interface GameListCursor {
  createdAt: string;
  gameId: string;
}

export interface GameSummaryQuery {
  status?: GameState['status'];
  scenarioId?: string;
  limit?: number;
  /** Only games after this one in the order (newest first, then by game id). */
  after?: GameListCursor;
}

/** Newest first; games of unknown age last; ties by game id (descending). */
export const compareNewestFirst = (a: { createdAt: string | null; gameId: string }, b: { createdAt: string | null; gameId: string }): number =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.gameId.localeCompare(a.gameId);

/**
 * Where the game-states read model keeps its records. The embedded stores (memory, SQLite) answer
 * at once; PostgreSQL answers a promise when it reads the server (callers await every answer).
 */
export interface GameStateStore {
  get(gameId: string): Awaitable<GameStateRecord | undefined>;
  /** Only marks the record changed: `flush` (or the checkpoint) writes it. */
  put(record: GameStateRecord): void;
  list(query?: GameSummaryQuery): Awaitable<GameSummary[]>;
  clear(): Awaitable<void>;
  /** True when its rows were written before a column they need existed, until `clear` (a rebuild). */
  needsRebuild?(): boolean;
  /** Writes what `put` may have kept in memory (the runner calls it before each checkpoint). */
  flush(): Awaitable<void>;
  /** Records put and not yet written by `flush` (absent: a store that keeps nothing apart, the in-memory one). */
  unwritten?(): number;
  close(): Awaitable<void>;
}

export const summarize = ({ gameId, revision, state, createdAt, updatedAt }: GameStateRecord): GameSummary => ({
  gameId,
  revision,
  scenarioId: state.scenarioId,
  status: state.status,
  mode: state.mode,
  round: state.round,
  act: state.act,
  clues: state.clues,
  clueGoal: state.clueGoal,
  seats: state.seats.length,
  createdAt: createdAt ?? null,
  updatedAt: updatedAt ?? null,
});
