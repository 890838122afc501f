import type { EventStore, RecordedEvent } from '@logbook/event-store';
import { gameStreamId, toDomainEvent, toNewEvents } from '@logbook/game-log';
import { applyEvent, initialState, type GameState } from '@logbook/rules';
import { playRandomGame } from '@logbook/rules/testing/random-play';
import type { Fold } from './read-fold.bench';

/** The real fold: every game's events through the rules' appliers into its state. */
export const gameFold: Fold<GameState> = {
  initial: () => initialState(),
  evolve: (state, event: RecordedEvent) => {
    applyEvent(state, toDomainEvent(event));
    return state;
  },
};

/** Records `games` randomly played games (both built-in scenarios), one append per 4 events. */
export async function recordPlayedGames(store: EventStore, games: number, commandsPerGame: number): Promise<number> {
  let total = 0;
  for (let seed = 1; seed <= games; seed++) {
    const gameId = `played-${seed}`;
    const { events } = playRandomGame(seed % 2 ? 'first-voyage' : 'twin-sails', { seed, players: 1 + (seed % 4), commands: commandsPerGame, gameId });
    for (let at = 0; at < events.length; at += 4) {
      const part = events.slice(at, at + 4);
      await store.append(gameStreamId(gameId), toNewEvents(gameId, `c${at}`, part, {}), at === 0 ? 'no_stream' : at - 1);
    }
    total += events.length;
  }
  return total;
}
