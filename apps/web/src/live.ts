// The live feed (`GET /games/:id/live`, server-sent events) as a signal that the game moved on.
// EventSource cannot send an Authorization header, and a token must not go into a URL, so the
// page listens to the public (spectator) feed and fetches its own view with its token after each
// event. A dropped connection is reopened from the last revision seen, with a growing pause.

import { EVENT_WORDS } from '@logbook/projections/history/words';
import type { EventView, Presence } from './types';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface LiveFeed {
  close(): void;
}

/** Presence messages too: `client` is the page's id (its heartbeats'), so the feed counts for the page's seat. */
export interface FeedPresence {
  client: string;
  onPresence: (presence: Presence) => void;
}

export function followGame(
  gameId: string,
  fromRevision: number,
  onRevision: (revision: number, type: string) => void,
  onStatus: (status: LiveStatus) => void,
  presence?: FeedPresence,
): LiveFeed {
  let last = fromRevision - 1;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  let closed = false;

  const open = (): void => {
    if (closed) return;
    onStatus(attempts === 0 ? 'connecting' : 'reconnecting');
    const extra = presence ? `&presence=true&client=${encodeURIComponent(presence.client)}` : '';
    source = new EventSource(`/games/${encodeURIComponent(gameId)}/live?from=${last + 1}${extra}`);
    source.onopen = () => {
      attempts = 0;
      onStatus('live');
    };
    source.onmessage = (message) => handle(message);
    source.onerror = () => {
      // The browser would reopen from the first URL (replaying what we saw): reopen ourselves.
      source?.close();
      source = null;
      if (closed) return;
      attempts += 1;
      onStatus('reconnecting');
      timer = setTimeout(open, Math.min(250 * 2 ** Math.min(attempts, 5), 5000));
    };
    // The feed names each message by its event type (`event: ShipMoved`): listen to all of them.
    const anyType = (event: Event) => handle(event as MessageEvent);
    for (const type of KNOWN_TYPES) source.addEventListener(type, anyType);
    // Presence is not an event of the game: it has no revision and never moves `last`.
    if (presence) source.addEventListener('presence', (event) => readPresence(event as MessageEvent, presence.onPresence));
  };

  const handle = (message: MessageEvent): void => {
    let revision = Number(message.lastEventId);
    let type = message.type;
    try {
      const event = JSON.parse(message.data as string) as EventView;
      revision = event.revision;
      type = event.type;
    } catch {
      /* a comment or keep-alive */
    }
    if (!Number.isFinite(revision) || revision <= last) return;
    last = revision;
    onRevision(revision, type);
  };

  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      source?.close();
      onStatus('closed');
    },
  };
}

function readPresence(message: MessageEvent, onPresence: (presence: Presence) => void): void {
  let presence: Presence;
  try {
    presence = JSON.parse(message.data as string) as Presence;
  } catch {
    return;
  }
  onPresence(presence);
}

/** Event types the feed may name (every one has an entry in the words table); an unknown type still reaches the page via the next one's revision. */
const KNOWN_TYPES = Object.keys(EVENT_WORDS);
