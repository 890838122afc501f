// Per-viewer redaction of events: hidden information never leaves the server for those who
// may not see it. It works on the generic `secret` part, so no event type needs its own code.
import type { GameEvent } from './events';
import type { GameStatus } from './state';

/** A seat number, or null for a spectator. */
export type Viewer = number | null;

export const isGameOver = (status: GameStatus): boolean => status === 'won' || status === 'lost';

/**
 * The event as `viewer` may see it. Secrets are kept for the seats they name; once the scenario
 * is over everything is revealed ([S] "no one may see which card it is until the scenario ends").
 */
export function redactEvent<E extends GameEvent>(event: E, viewer: Viewer, status: GameStatus): E {
  if (!event.secret || (isGameOver(status) && !event.secret.sealed)) return event;
  if (viewer !== null && event.secret.visibleTo.includes(viewer)) return event;
  const { secret: _hidden, ...visible } = event;
  return visible as E;
}

/** The game's status once `eventType` has happened (a feed tracks it without folding). */
export const statusAfter = (status: GameStatus, eventType: string): GameStatus =>
  eventType === 'ScenarioWon' ? 'won' : eventType === 'ScenarioLost' ? 'lost' : status;
