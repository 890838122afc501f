// A 10,000-event game, quickly: random play straight through the rules (most orders legal,
// the blessings deck long, the clue goal out of reach), written straight to the store with the
// metadata the command path records, in appends at action boundaries.
import type { EventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { playActions, toNewEventsOf, type PlayedAction } from '@logbook/projections/history/testing/played-game';

export interface LongGame {
  gameId: string;
  events: number;
  actions: PlayedAction[];
}

export function playLongGame(gameId: string, events = 10_000, seed = 1): LongGame {
  const actions = playActions({ seed, players: 2, events, blessings: 3000, gameId });
  return { gameId, events: actions.reduce((n, a) => n + a.events.length, 0), actions };
}

export async function writeLongGame(store: EventStore, game: LongGame): Promise<void> {
  const all = toNewEventsOf(game.gameId, game.actions);
  let revision = -1;
  let at = 0;
  for (const action of chunkActions(game.actions, 500)) {
    const count = action.reduce((n, a) => n + a.events.length, 0);
    await store.append(gameStreamId(game.gameId), all.slice(at, at + count), revision < 0 ? 'no_stream' : revision);
    at += count;
    revision += count;
  }
}

function* chunkActions(actions: PlayedAction[], events: number): Generator<PlayedAction[]> {
  let chunk: PlayedAction[] = [];
  let size = 0;
  for (const action of actions) {
    chunk.push(action);
    size += action.events.length;
    if (size >= events) {
      yield chunk;
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length) yield chunk;
}
