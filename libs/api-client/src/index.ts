// A typed client of the Logbook API: the types are generated from the server's OpenAPI document
// (schema.ts, by openapi-typescript: `npm run openapi`), the calls are openapi-fetch's. A client
// that compiles against these compiles against what the server answers: every e2e spec checks
// the server's answers against the same document.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type LogbookClient = Client<paths>;

export type BoardView = Schemas['BoardView'];
export type CommandResult = Schemas['CommandResult'];
export type CreatedGame = Schemas['CreatedGame'];
export type EventView = Schemas['EventView'];
export type ExportHeader = Schemas['ExportHeader'];
export type ExportLine = Schemas['ExportLine'];
export type ForkedGame = Schemas['ForkedGame'];
export type GameAnalytics = Schemas['GameAnalytics'];
export type AnalyticsSummary = Schemas['AnalyticsSummary'];
export type GameOptions = Schemas['GameOptions'];
export type GameHint = Schemas['GameHint'];
export type GameSummary = Schemas['GameSummary'];
export type PlayerGames = Schemas['PlayerGames'];
export type PlayerFigures = Schemas['PlayerFigures'];
export type RegisteredPlayer = Schemas['RegisteredPlayer'];
export type GamesPage = Schemas['GamesPage'];
export type ImportedGame = Schemas['ImportedGame'];
export type LiveEvent = Schemas['LiveEvent'];
export type LiveError = Schemas['LiveError'];
/** Who is connected to the answering server for a game (GET /games/{gameId}/presence, the feed's `presence` messages). */
export type Presence = Schemas['Presence'];
export type Problem = Schemas['Problem'];
export type ScenarioSummary = Schemas['ScenarioSummary'];
export type Timeline = Schemas['Timeline'];
/** A command as the server logs and offers it (GET /options); send it with a commandId. */
export type LogCommand = Schemas['LogCommand'];
/** A command body of POST /games/{gameId}/commands. */
export type Command = Schemas['Command'];
/** A command body less its commandId (each type keeps its own fields). */
export type CommandFields = Command extends infer C ? (C extends unknown ? Omit<C, 'commandId'> : never) : never;
export type LegalOption = GameOptions['options'][number];
export type CommandCost = Schemas['CommandCost'];

export interface LogbookClientOptions extends ClientOptions {
  /** A seat token or the operator's token, sent as `Authorization: Bearer <token>`. */
  token?: string;
}

/** A client of the server at `baseUrl`, as one caller (a seat, the operator, or a spectator without a token). */
export function createLogbookClient({ token, headers, ...options }: LogbookClientOptions = {}): LogbookClient {
  return createClient<paths>({
    ...options,
    headers: { ...(headers as Record<string, string> | undefined), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

/** An export's JSON lines (GET /games/{gameId}/export): its header line and one line per event. */
export function parseExport(text: string): { header: ExportHeader; lines: ExportLine[] } {
  const [first, ...rest] = text.split('\n').filter((line) => line !== '');
  if (first === undefined) throw new Error('An export has at least its header line');
  return { header: JSON.parse(first) as ExportHeader, lines: rest.map((line) => JSON.parse(line) as ExportLine) };
}

/** The body of POST /games/import as openapi-fetch sends it: the export's text, as JSON lines. */
export const ndjson = { bodySerializer: (text: string) => text, headers: { 'Content-Type': 'application/x-ndjson' } } as const;
