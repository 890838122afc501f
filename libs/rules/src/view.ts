// Per-viewer redaction of events: hidden information never leaves the server for those who
// may not see it. It works on the generic `secret` part, so no event type needs its own code.
import type { Secret } from './event';
import type { GameEvent } from './events';
import type { GameStatus } from './state';

/** A seat number, or null for a spectator. */
export type Viewer = number | null;

export const isGameOver = (status: GameStatus): boolean => status === 'won' || status === 'lost';

/** Whether `viewer` may see an event's secret now: the seats it names, everyone once the scenario is over unless sealed. */
export const maySeeSecret = (secret: Pick<Secret<unknown>, 'visibleTo' | 'sealed'>, viewer: Viewer, status: GameStatus): boolean =>
  (isGameOver(status) && !secret.sealed) || (viewer !== null && secret.visibleTo.includes(viewer));

/**
 * The event as `viewer` may see it. Secrets are kept for the seats they name; once the scenario
 * is over everything is revealed ([S] "no one may see which card it is until the scenario ends").
 */
export function redactEvent<E extends GameEvent>(event: E, viewer: Viewer, status: GameStatus): E {
  if (!event.secret || maySeeSecret(event.secret, viewer, status)) return event;
  const { secret: _hidden, ...visible } = event;
  return visible as E;
}

/** The game's status once `eventType` has happened (a feed tracks it without folding). */
export const statusAfter = (status: GameStatus, eventType: string): GameStatus =>
  eventType === 'ScenarioWon' ? 'won' : eventType === 'ScenarioLost' ? 'lost' : status;
