// Given events already projected / when new events arrive / then the read model holds this,
// as Emmett's projection specifications: the game-states projection on the in-memory stores.
import { InMemoryEventStore, type RecordedEvent } from '@logbook/event-store';
import { gameStreamId, toNewEvents } from '@logbook/game-log';
import { foldEvents, type GameEvent } from '@logbook/rules';
import { given as givenDecider } from '@logbook/rules/testing/decider-spec';
import { setupEvents } from '@logbook/rules/testing/fixtures';
import { GameStatesProjection } from './game-states.projection';
import { InMemoryGameStateStore } from './in-memory-game-state-store';
import type { GameStateRecord } from './game-state-store.port';

/** Records `events` on the game's stream in an in-memory store, as the write side would. */
async function record(gameId: string, events: GameEvent[]): Promise<RecordedEvent[]> {
  const store = new InMemoryEventStore();
  await store.append(gameStreamId(gameId), toNewEvents(gameId, 'c', events, {}), 'no_stream');
  const read = await store.readStream(gameStreamId(gameId));
  await store.close();
  if (read.status !== 'ok') throw new Error('not recorded');
  return read.events;
}

const projectionSpec = (givenEvents: RecordedEvent[]) => {
  const states = new InMemoryGameStateStore();
  const projection = new GameStatesProjection(states);
  // handle may answer a promise (undo and redo refold from the log): each event is awaited.
  const project = async (events: RecordedEvent[]) => {
    for (const event of events) await projection.handle(event);
  };
  return {
    when(events: RecordedEvent[]) {
      return {
        async then(assert: (read: { get: (gameId: string) => GameStateRecord | undefined }) => void) {
          await project(givenEvents);
          await project(events);
          assert(states);
        },
        async thenThrows(message: RegExp) {
          await project(givenEvents);
          await expect(project(events)).rejects.toThrow(message);
        },
      };
    },
  };
};

describe('the game-states projection (given / when / then)', () => {
  const created = setupEvents();
  const started = givenDecider(created).when({ type: 'StartNavigation' }).events();
  const all = [...created, ...started];

  it('folds a new game from its first events', async () => {
    const recorded = await record('g1', all);
    await projectionSpec([])
      .when(recorded)
      .then((read) => {
        expect(read.get('g1')).toEqual({ gameId: 'g1', revision: all.length - 1, state: foldEvents(all) });
      });
  });

  it('continues a game it already holds', async () => {
    const recorded = await record('g1', all);
    const split = created.length;
    await projectionSpec(recorded.slice(0, split))
      .when(recorded.slice(split))
      .then((read) => {
        expect(read.get('g1')?.revision).toBe(all.length - 1);
        expect(read.get('g1')?.state).toEqual(foldEvents(all));
      });
  });

  it('ignores an event delivered again (at-least-once delivery)', async () => {
    const recorded = await record('g1', all);
    await projectionSpec(recorded)
      .when(recorded.slice(-2))
      .then((read) => {
        expect(read.get('g1')).toEqual({ gameId: 'g1', revision: all.length - 1, state: foldEvents(all) });
      });
  });

  it('keeps games apart', async () => {
    const one = await record('g1', all);
    const two = await record('g2', created);
    await projectionSpec(one)
      .when(two)
      .then((read) => {
        expect(read.get('g1')?.state).toEqual(foldEvents(all));
        expect(read.get('g2')?.state).toEqual(foldEvents(created));
      });
  });

  it('refuses an event that skips a revision', async () => {
    const recorded = await record('g1', all);
    await projectionSpec(recorded.slice(0, 1))
      .when(recorded.slice(2, 3))
      .thenThrows(/jumps from revision 0 to 2/);
  });
});
