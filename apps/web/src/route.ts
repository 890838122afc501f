// The page's address lives in the URL fragment (`#game=<id>&token=<seat token>&at=<revision>`):
// browsers never send a fragment to a server, so a seat token in a link never reaches a log.
export interface Route {
  gameId: string | null;
  token: string | null;
  at: number | null;
}

export function readRoute(hash: string = location.hash): Route {
  const params = new URLSearchParams(hash.replace(/^#\/?/, ''));
  const at = params.get('at');
  return {
    gameId: params.get('game'),
    token: params.get('token'),
    at: at !== null && /^\d+$/.test(at) ? Number(at) : null,
  };
}

export function routeHash(route: Partial<Route>): string {
  const params = new URLSearchParams();
  if (route.gameId) params.set('game', route.gameId);
  if (route.token) params.set('token', route.token);
  if (route.at !== null && route.at !== undefined) params.set('at', String(route.at));
  const text = params.toString();
  return text ? `#${text}` : '#';
}

/**
 * The seat token in what a player pasted: the token alone, an Authorization header's value
 * ("Bearer <token>"), or a whole seat link (its `token=`); null when nothing is left.
 */
export function tokenFromPaste(text: string): string | null {
  const trimmed = text.trim();
  const fromLink = /[#&]token=([^&\s]+)/.exec(trimmed)?.[1];
  const token = fromLink !== undefined ? decodeURIComponent(fromLink) : trimmed.replace(/^(authorization:\s*)?bearer\s+/i, '').trim();
  return token || null;
}

/** Changes the address without adding a history entry for every step of a replay. */
export function replaceRoute(route: Partial<Route>): void {
  history.replaceState(null, '', routeHash(route));
}

/** Seat tokens this browser created or opened, so the lobby can offer "play as …" again. */
export const seatStore = {
  get(gameId: string): Array<{ seat: number; name: string; token: string }> {
    try {
      return JSON.parse(localStorage.getItem(`logbook.seats.${gameId}`) ?? '[]');
    } catch {
      return [];
    }
  },
  put(gameId: string, seats: Array<{ seat: number; name: string; token: string }>): void {
    try {
      localStorage.setItem(`logbook.seats.${gameId}`, JSON.stringify(seats));
    } catch {
      /* private mode: the links still work */
    }
  },
};
