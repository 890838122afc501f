import { InMemoryEventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { playActions, toNewEventsOf } from '@logbook/projections/history/testing/played-game';
import { GameNotFoundError } from '../games/game.errors';
import { SeekIndexService } from './seek-index.service';
import { seekConfigFrom } from './seek-config';

async function storeWith(games: Record<string, number>) {
  const store = new InMemoryEventStore();
  for (const [gameId, events] of Object.entries(games)) {
    const actions = playActions({ seed: gameId.length, players: 2, events, blessings: 500, gameId });
    await store.append(gameStreamId(gameId), toNewEventsOf(gameId, actions), 'no_stream');
  }
  return store;
}

describe('the seek index service', () => {
  it("builds a long game's index in pages, letting other work run between them", async () => {
    const store = await storeWith({ long: 2600 });
    const service = new SeekIndexService(store, { snapshotEvery: 100, budgetBytes: 2 ** 30 });
    let turns = 0;
    let done = false;
    const other = (async () => {
      while (!done) {
        turns += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await service.stateAt('long', 2500);
    done = true;
    await other;
    // Six pages of 500 events: the loop came round between them.
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('keeps the indexes under its budget, dropping the least recently used game first', async () => {
    const store = await storeWith({ a: 300, bb: 300, ccc: 300 });
    const probe = new SeekIndexService(store, { snapshotEvery: 50, budgetBytes: 2 ** 30 });
    await probe.stateAt('a', 10);
    const oneGame = probe.report().snapshotBytes + probe.report().eventBytes;
    const service = new SeekIndexService(store, { snapshotEvery: 50, budgetBytes: Math.floor(oneGame * 2.5) });
    await service.stateAt('a', 10);
    await service.stateAt('bb', 10);
    await service.stateAt('a', 20); // a is now the most recently used
    await service.stateAt('ccc', 10);
    const report = service.report();
    expect(report.games).toBe(2);
    expect(report.snapshotBytes + report.eventBytes).toBeLessThanOrEqual(report.budgetBytes);
    // bb was dropped: asking for it again rebuilds it from the log, with the same answer.
    expect(await service.stateAt('bb', 200)).toEqual(await probe.stateAt('bb', 200));
  });

  it('catches up with a game that grew since its index was built', async () => {
    const store = new InMemoryEventStore();
    const actions = playActions({ seed: 8, players: 1, events: 200, blessings: 500, gameId: 'g' });
    const events = toNewEventsOf('g', actions);
    await store.append(gameStreamId('g'), events.slice(0, 100), 'no_stream');
    const service = new SeekIndexService(store, { snapshotEvery: 20, budgetBytes: 2 ** 30 });
    await service.stateAt('g', 99);
    await store.append(gameStreamId('g'), events.slice(100), 99);
    const fresh = new SeekIndexService(store, { snapshotEvery: 20, budgetBytes: 2 ** 30 });
    expect(await service.stateAt('g', events.length - 1)).toEqual(await fresh.stateAt('g', events.length - 1));
    expect((await service.timeline('g')).revision).toBe(events.length - 1);
  });

  it('answers an unknown game with GameNotFoundError', async () => {
    const service = new SeekIndexService(new InMemoryEventStore(), { snapshotEvery: 20, budgetBytes: 2 ** 30 });
    await expect(service.stateAt('nope', 0)).rejects.toBeInstanceOf(GameNotFoundError);
    await expect(service.timeline('nope')).rejects.toBeInstanceOf(GameNotFoundError);
  });
});

describe('the seek settings', () => {
  it('come from LOGBOOK_SEEK_SNAPSHOT_EVERY and LOGBOOK_SEEK_INDEX_MB, with defaults', () => {
    expect(seekConfigFrom({})).toEqual({ snapshotEvery: 25, budgetBytes: 64 * 2 ** 20 });
    expect(seekConfigFrom({ LOGBOOK_SEEK_SNAPSHOT_EVERY: '25', LOGBOOK_SEEK_INDEX_MB: '8' })).toEqual({ snapshotEvery: 25, budgetBytes: 8 * 2 ** 20 });
  });

  it.each([
    ['LOGBOOK_SEEK_SNAPSHOT_EVERY', '0'],
    ['LOGBOOK_SEEK_SNAPSHOT_EVERY', 'ten'],
    ['LOGBOOK_SEEK_INDEX_MB', '-1'],
  ])('refuse %s=%s naming the variable', (name, value) => {
    expect(() => seekConfigFrom({ [name]: value })).toThrow(name);
  });
});
