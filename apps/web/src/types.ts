// What the page reads from the server: the types generated from the server's OpenAPI document
// (@logbook/api-client; type-only imports, so nothing is bundled), and the few shapes the page
// derives from them. Every e2e spec checks the server's answers against that document.
import type {
  AnalyticsSummary,
  BoardView,
  CommandResult,
  CreatedGame,
  EventView,
  GameAnalytics,
  GameHint,
  GameOptions,
  GameSummary,
  LogCommand,
  PlayerFigures,
  PlayerGames,
  RegisteredPlayer,
  Presence,
  ScenarioSummary,
  Timeline,
} from '@logbook/api-client';

export type {
  AnalyticsSummary,
  BoardView,
  CommandResult,
  CreatedGame,
  EventView,
  GameAnalytics,
  GameHint,
  GameOptions,
  GameSummary,
  PlayerFigures,
  PlayerGames,
  Presence,
  RegisteredPlayer,
  ScenarioSummary,
  Timeline,
};
export type ShipView = BoardView['ships'][number];
export type CharacterView = BoardView['characters'][number];
export type TileView = BoardView['tiles'][number];
export type HexTerrain = TileView['hexes'][number];
export type SeatToken = CreatedGame['seats'][number];
export type HistoryStep = NonNullable<BoardView['undo']>;
/** A note on a moment of the game, as the timeline lists it. */
export type NoteView = Timeline['notes'][number];
/** A command a seat may send: a game command, or Undo/Redo. */
export type Command = LogCommand;

export interface Hex {
  q: number;
  r: number;
}

/** One line of the replay timeline: one action of the server's timeline, with its round. */
export interface TimelineItem {
  key: string;
  /** First and last revision of the action. */
  from: number;
  to: number;
  round: number;
  /** The server's words, who included. */
  description: string;
  undone: boolean;
  /** An Undo/Redo action itself. */
  kind: 'action' | 'undo' | 'redo' | 'takeback' | 'system';
  /** The notes on the revisions of this line. */
  notes?: NoteView[];
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
