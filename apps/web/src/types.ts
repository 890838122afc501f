// What the page reads from the server. The board view's type is the server's own (type-only
// import: nothing of the server is bundled); the rest mirrors the HTTP API in the README.
import type { BoardView } from '@logbook/projections/board/board-view';

export type { BoardView };
export type ShipView = BoardView['ships'][number];
export type CharacterView = BoardView['characters'][number];
export type TileView = BoardView['tiles'][number];
export type HexTerrain = TileView['hexes'][number];

export interface Hex {
  q: number;
  r: number;
}

export interface GameSummary {
  gameId: string;
  revision: number;
  scenarioId: string;
  status: 'new' | 'active' | 'won' | 'lost';
  mode: string;
  round: number;
  act: number;
  clues: number;
  clueGoal: number;
  seats: number;
  /** When the game was created (newer servers). */
  createdAt?: string;
}

export interface SeatToken {
  seat: number;
  name: string;
  token: string;
}

export interface CreatedGame {
  gameId: string;
  revision: number;
  seats: SeatToken[];
}

export type Command = { type: string } & Record<string, unknown>;

/**
 * JSON from the server that the page reads field by field, tolerating what is missing: event data
 * of every type, and answers of endpoints an older server may lack (timeline, options, analytics).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read defensively with ?. and ??, never trusted for types
export type LooseJson = any;

export interface RecordedGameEvent {
  revision: number;
  type: string;
  data: Record<string, LooseJson>;
  /** Sent by servers that record who acted; older ones leave it out. */
  seat?: number | null;
  commandId?: string;
  recordedAt?: string;
  metadata?: { commandId?: string; seat?: number | null; recordedAt?: string };
}

/** One line of the replay timeline: an action (or, from the plain event list, one event). */
export interface TimelineItem {
  key: string;
  /** First and last revision of the action. */
  from: number;
  to: number;
  round?: number;
  seat: number | null;
  /** Who, as the server names them ("The game" for setup). */
  by?: string;
  description: string;
  undone: boolean;
  /** An Undo/Redo action itself. */
  kind: 'action' | 'undo' | 'redo' | 'system';
}

/** A command the viewer's seat may send now, as the page offers it. */
export interface PlayOption {
  command: Command;
  label: string;
  /** The hex to click for it, when it has a place on the board. */
  hex?: Hex;
  group: 'navigation' | 'turn' | 'response' | 'history' | 'other';
  /** Acceptance depends on something hidden (e.g. whether the next tile fits). */
  hiddenDependent?: boolean;
  cost?: string;
}
