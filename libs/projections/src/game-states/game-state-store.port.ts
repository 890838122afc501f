import type { GameState } from '@logbook/rules';

/** One game's folded state as a read model holds it. */
export interface GameStateRecord {
  gameId: string;
  /** Revision of the last event folded in. */
  revision: number;
  state: GameState;
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

export const summarize = ({ gameId, revision, state }: GameStateRecord): GameSummary => ({
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
});
