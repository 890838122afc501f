import type { GameState } from '@logbook/rules';

/** One game's folded state as a read model holds it. */
export interface GameStateRecord {
  gameId: string;
  /** Revision of the last event folded in. */
  revision: number;
  state: GameState;
  /** When the game was created (its first event's recordedAt), for listing newest first. */
  createdAt?: string;
  /** The first event's position in the store's global order: orders games created in the same millisecond. */
  createdPosition?: number;
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
  /** When the game was created; absent for games folded by an older read model until it is rebuilt. */
  createdAt?: string;
}

export interface GameSummaryQuery {
  status?: GameState['status'];
  scenarioId?: string;
  limit?: number;
}

/** Where the game-states read model keeps its records. */
export interface GameStateStore {
  get(gameId: string): GameStateRecord | undefined;
  put(record: GameStateRecord): void;
  list(query?: GameSummaryQuery): GameSummary[];
  clear(): void;
  /** Writes what `put` may have kept in memory (the runner calls it before each checkpoint). */
  flush(): void;
  close(): void;
}

export const summarize = ({ gameId, revision, state, createdAt }: GameStateRecord): GameSummary => ({
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
  ...(createdAt ? { createdAt } : {}),
});

/** Lists are newest first: by creation position, games without one (older read models) last. */
export const newestFirst = (a: GameStateRecord, b: GameStateRecord): number =>
  (b.createdPosition ?? -1) - (a.createdPosition ?? -1) || a.gameId.localeCompare(b.gameId);
