// Writes simulated games to the configured store the way the command path records live ones:
// one stream per game, each action's first event carrying its command, seat, time, fingerprint
// and draws, later events only their commandId. The game's first event also carries the
// simulation marker (`simulated`, bot, seed), so analytics can tell simulated games apart.
import type { EventStore, NewEvent } from '@logbook/event-store';
import { actionMetadata, commandFingerprint, gameStreamId, recordedCreateGame, toNewEvents, type RecordedCommand } from '@logbook/game-log';
import type { SimulatedGame, SimulationMarker } from './simulate';

export function simulatedGameEvents(game: SimulatedGame, marker: SimulationMarker, clock: () => Date = () => new Date()): NewEvent[] {
  return game.actions.flatMap((action, i) => {
    // A new game as the server records it: the scenario by id, its document as a secret (so
    // `revalidate` and an import can decide the game again); every other command as sent.
    const recorded = action.command.type === 'CreateGame' ? recordedCreateGame(action.command) : { command: action.command as RecordedCommand };
    const { first, rest } = actionMetadata({
      commandId: action.commandId,
      seat: action.seat,
      recordedAt: clock().toISOString(),
      ...recorded,
      commandFingerprint: commandFingerprint({ seat: action.seat, command: action.command }),
      draws: action.draws,
    });
    return toNewEvents(game.gameId, action.commandId, action.events, rest, i === 0 ? { ...first, simulation: marker } : first);
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
