// Writes simulated games to the configured store the way the command path records live ones:
// one stream per game, each action's first event carrying its command, seat, time, fingerprint
// and draws, later events only their commandId. The game's first event also carries the
// simulation marker (`simulated`, bot, seed), so analytics can tell simulated games apart.
import { createHash } from 'node:crypto';
import type { EventMetadata, EventStore, NewEvent } from '@logbook/event-store';
import { gameStreamId, toNewEvents } from '@logbook/game-log';
import type { SimulatedGame, SimulationMarker } from './simulate';

/** JSON with sorted keys, so equal commands always hash the same. */
const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

const fingerprint = (value: unknown): string => createHash('sha256').update(stable(value)).digest('hex');

export function simulatedGameEvents(game: SimulatedGame, marker: SimulationMarker, clock: () => Date = () => new Date()): NewEvent[] {
  return game.actions.flatMap((action, i) => {
    const { type: _type, ...body } = action.command;
    const first: EventMetadata = {
      commandId: action.commandId,
      correlationId: action.commandId,
      causationId: action.commandId,
      seat: action.seat,
      recordedAt: clock().toISOString(),
      command: action.command.type === 'CreateGame' ? { type: 'CreateGame' } : { type: action.command.type, ...body },
      commandFingerprint: fingerprint({ seat: action.seat, command: action.command }),
      ...(action.draws.length > 0 ? { draws: action.draws } : {}),
      ...(i === 0 ? { simulation: marker } : {}),
    };
    const events = toNewEvents(game.gameId, action.commandId, action.events, { commandId: action.commandId }, first);
    return events;
  });
}

/**
 * Appends a whole simulated game in one append (one transaction): the actions are recorded as the
 * command path records them, without a round trip per action. False when the game was already
 * recorded (a rerun of the same seed names the same games).
 */
export async function recordSimulatedGame(store: EventStore, game: SimulatedGame, marker: SimulationMarker): Promise<boolean> {
  const existing = await store.readStream(gameStreamId(game.gameId), { maxCount: 1 });
  if (existing.status === 'ok' && existing.events.length > 0) return false;
  await store.append(gameStreamId(game.gameId), simulatedGameEvents(game, marker), 'no_stream');
  return true;
}
