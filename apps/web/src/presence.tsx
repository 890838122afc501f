// Who is here: a dot per seat (connected, away, absent) and the spectators counted, as the server
// the page talks to sees them. The page says it is open with a heartbeat every few seconds while
// it is visible, and stops when it is hidden or closed; its live feed carries the changes.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { LiveStatus } from './live';
import type { BoardView, Presence } from './types';

/** Well inside the server's default grace window (30 s), so a visible page never shows away. */
export const HEARTBEAT_MS = 10_000;

const game = (gameId: string) => `/games/${encodeURIComponent(gameId)}`;

/** The tab's own id, kept across reloads of the tab (a reload is the same page coming back, not a second one). */
function pageId(): string {
  const key = 'logbook.presence-client';
  try {
    const kept = sessionStorage.getItem(key);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  } catch {
    /* storage refused: an id for this load only */
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const id = `page-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  try {
    sessionStorage.setItem(key, id);
  } catch {
    /* as above */
  }
  return id;
}

async function heartbeat(gameId: string, token: string | null, client: string): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  await fetch(`${game(gameId)}/presence`, { method: 'POST', headers, body: JSON.stringify({ client }), cache: 'no-store', keepalive: true });
}

async function fetchPresence(gameId: string): Promise<Presence | null> {
  const res = await fetch(`${game(gameId)}/presence`, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  return res.ok ? ((await res.json()) as Presence) : null;
}

/**
 * The page's presence: heartbeats while visible, the answer of `GET /presence` whenever the
 * feed is not live (at first, a finished game, a reconnect), and the feed's presence messages.
 * `client` and `onPresence` go to `followGame`.
 */
export function usePresence(gameId: string, token: string | null, liveStatus: LiveStatus) {
  const client = useMemo(pageId, []);
  const [presence, setPresence] = useState<Presence | null>(null);
  const onPresence = useCallback((p: Presence) => setPresence(p), []);

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const beat = () => void heartbeat(gameId, token, client).catch(() => undefined);
    const start = () => {
      if (timer !== undefined || document.visibilityState !== 'visible') return;
      beat();
      timer = setInterval(beat, HEARTBEAT_MS);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : stop());
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [gameId, token, client]);

  useEffect(() => {
    if (liveStatus === 'live') return;
    let stale = false;
    const ask = () =>
      fetchPresence(gameId).then(
        (p) => !stale && p && setPresence(p),
        () => undefined,
      );
    void ask();
    // Without a feed (a finished game, a feed that cannot reconnect) the dots follow the heartbeats' pace.
    const timer = setInterval(() => void ask(), HEARTBEAT_MS);
    return () => {
      stale = true;
      clearInterval(timer);
    };
  }, [gameId, liveStatus]);

  return { presence, client, onPresence };
}

const WORDS: Record<Presence['seats'][number]['status'], string> = { connected: 'connected', away: 'away', absent: 'not here' };

const clock = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : null);

/** A dot per seat and the spectators; the words say what the colour does, for screen readers and at a glance. */
export function PresencePanel({ view, presence, seat }: { view: BoardView; presence: Presence | null; seat: number | null }) {
  return (
    <section class="panel presence-panel" aria-labelledby="presence-title">
      <h2 id="presence-title" class="sr-only">
        Who is here
      </h2>
      <ul class="presence" aria-live="polite">
        {view.seats.map((s) => {
          const p = presence?.seats.find((x) => x.seat === s.seat);
          const status = p?.status ?? 'absent';
          const since = clock(p?.since ?? null);
          const title = `${s.name}: ${WORDS[status]}${since ? ` since ${since}` : ''}`;
          return (
            <li key={s.seat} data-presence-seat={s.seat} data-presence={status} title={title}>
              <span class={`presence-dot presence-${status}`} aria-hidden="true" />
              <span class="presence-name">
                {s.name}
                {s.seat === seat && <span class="muted"> (you)</span>}
              </span>{' '}
              <span class="presence-word">{WORDS[status]}</span>
              <span class="sr-only">{since ? ` since ${since}` : ''}</span>
            </li>
          );
        })}
      </ul>
      <p class="small muted" data-presence-spectators={presence?.spectators ?? 0}>
        {!presence
          ? 'Who is here: asking…'
          : presence.spectators === 0
            ? 'No spectators'
            : `${presence.spectators} spectator${presence.spectators === 1 ? '' : 's'} watching`}
      </p>
    </section>
  );
}
