// The HTTP API as the page uses it. Every error is the server's problem+json; the page shows its
// `detail` (for a rule violation, the rule's own message) and keeps the rule id beside it.
import type {
  AnalyticsSummary,
  BoardView,
  Command,
  CommandResult,
  CreatedGame,
  GameAnalytics,
  GameHint,
  GameOptions,
  GameSummary,
  PlayerFigures,
  PlayerGames,
  RegisteredPlayer,
  ScenarioSummary,
  Timeline,
} from './types';

export interface Problem {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  rule?: string;
  errors?: string[];
}

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail || problem.title || `The server answered ${problem.status}`);
  }
  get status(): number {
    return this.problem.status;
  }
}

async function request<T>(
  path: string,
  init: { token?: string | null; playerSecret?: string; method?: string; body?: unknown; signal?: AbortSignal; text?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.playerSecret) headers['X-Player-Secret'] = init.playerSecret;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      cache: 'no-store',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError({ status: 0, title: 'No connection', detail: 'The server cannot be reached; is it running?' });
  }
  const text = await res.text();
  // An export is lines of JSON, not one document: handed over as the text it is.
  if (init.text && res.ok) return text as T;
  const body = parseJson(text);
  if (!res.ok) {
    const problem = (body && typeof body === 'object' ? body : {}) as Partial<Problem>;
    throw new ApiError({ ...problem, status: res.status });
  }
  return body as T;
}

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

const game = (gameId: string) => `/games/${encodeURIComponent(gameId)}`;

/** A player profile this browser keeps: its id and its secret (shown once by the server). */
export interface Profile {
  playerId: string;
  secret: string;
}
const player = (profile: Profile) => `/players/${encodeURIComponent(profile.playerId)}`;

/** A command id unique enough for a browser; the server uses it to apply an order once. */
export function newCommandId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return `web-${c.randomUUID()}`;
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export const api = {
  listGames: () => request<{ games: GameSummary[]; nextCursor: string | null }>('/games?limit=100'),
  createGame: (scenario: string, players: string[], mode: string) =>
    request<CreatedGame>('/games', { method: 'POST', body: { scenario, players: players.map((name) => ({ name })), mode } }),
  scenarios: () => request<{ scenarios: ScenarioSummary[] }>('/scenarios'),
  view: (gameId: string, token: string | null, at?: number) => request<BoardView>(`${game(gameId)}${at === undefined ? '' : `?at=${at}`}`, { token }),
  timeline: (gameId: string) => request<Timeline>(`${game(gameId)}/timeline`),
  options: (gameId: string, token: string) => request<GameOptions>(`${game(gameId)}/options`, { token }),
  command: (gameId: string, token: string, command: Command) =>
    request<CommandResult>(`${game(gameId)}/commands`, {
      method: 'POST',
      token,
      body: { commandId: newCommandId(), ...command },
    }),
  /** A note on revision `at`: public, as everyone who may see the game reads it. */
  addNote: (gameId: string, token: string, at: number, text: string) =>
    request<CommandResult>(`${game(gameId)}/notes`, { method: 'POST', token, body: { commandId: newCommandId(), at, text } }),
  /** The game's log as the seat may have it (the whole log once the game is over). */
  exportGame: (gameId: string, token: string | null) => request<string>(`${game(gameId)}/export`, { token, text: true }),
  fork: (gameId: string, token: string, at: number) =>
    request<Pick<CreatedGame, 'gameId' | 'seats'>>(`${game(gameId)}/fork`, { method: 'POST', token, body: { at } }),
  hint: (gameId: string, token: string) => request<GameHint>(`${game(gameId)}/hint`, { token }),
  handToBot: (gameId: string, token: string, seat: number, bot: string) =>
    request<CommandResult>(`${game(gameId)}/seats/${seat}/bot`, { method: 'POST', token, body: { bot } }),
  takeSeatBack: (gameId: string, token: string, seat: number) => request<CommandResult>(`${game(gameId)}/seats/${seat}/bot`, { method: 'DELETE', token }),
  /** Links the seat to the profile this browser keeps (the seat's own token and the profile's secret). */
  claimSeat: (gameId: string, token: string, seat: number, profile: Profile) =>
    request<CommandResult>(`${game(gameId)}/seats/${seat}/claim`, {
      method: 'POST',
      token,
      body: { playerId: profile.playerId, playerSecret: profile.secret },
    }),
  registerPlayer: (name: string) => request<RegisteredPlayer>('/players', { method: 'POST', body: { name } }),
  /** The player's games, newest first; with `others`, only those every one of them sat in too. */
  playerGames: (profile: Profile, others: string[] = []) =>
    request<PlayerGames>(`${player(profile)}/games?limit=10${others.length ? `&with=${others.map(encodeURIComponent).join(',')}` : ''}`, {
      playerSecret: profile.secret,
    }),
  playerFigures: (profile: Profile) => request<PlayerFigures>(`${player(profile)}/analytics`, { playerSecret: profile.secret }),
  gameAnalytics: (gameId: string) => request<GameAnalytics>(`/analytics/games/${encodeURIComponent(gameId)}`),
  scenarioAnalytics: (scenarioId: string) => request<AnalyticsSummary & { scenarioId: string }>(`/analytics/scenarios/${encodeURIComponent(scenarioId)}`),
};
