import { InMemoryEventStore, type ReadStreamOptions } from '@logbook/event-store';
import { gameStreamId, toNewEvents } from '@logbook/game-log';
import { firstVoyage, setupEvents } from '@logbook/rules/testing/fixtures';
import { GameRepository } from './game-repository';

// The loaded-game cache is bounded by the games' estimated bytes, not only by their count: 604
// forks of a huge-scenario game took a server's heap to 4 GB when 1,000 of anything were kept.
describe('GameRepository with a byte budget', () => {
  const budget = 2 ** 20;

  async function storeOfBigGames(count: number): Promise<{ store: InMemoryEventStore; fromRevisions: Map<string, number[]> }> {
    const store = new InMemoryEventStore();
    // About 100 kB of scenario: a few hundred kilobytes once folded.
    const scenario = { ...firstVoyage(), notes: 'x'.repeat(100_000) };
    for (let i = 0; i < count; i++) {
      const gameId = `big-${i}`;
      await store.append(gameStreamId(gameId), toNewEvents(gameId, `create-${gameId}`, setupEvents(scenario, { gameId }), {}), 'no_stream');
    }
    const fromRevisions = new Map<string, number[]>();
    const readStream = store.readStream.bind(store);
    store.readStream = (streamId: string, options?: ReadStreamOptions) => {
      fromRevisions.set(streamId, [...(fromRevisions.get(streamId) ?? []), options?.fromRevision ?? 0]);
      return readStream(streamId, options);
    };
    return { store, fromRevisions };
  }

  it('keeps the estimated bytes of its games under the budget as large games are loaded', async () => {
    const { store } = await storeOfBigGames(12);
    const games = new GameRepository(store, { gamesBytes: budget, viewsBytes: budget, feedFramesBytes: budget });
    for (let i = 0; i < 12; i++) {
      const game = await games.load(`big-${i}`);
      expect(game.estimatedBytes).toBeGreaterThan(300_000);
      expect(games.cachedBytes).toBeLessThanOrEqual(budget);
    }
    expect(games.cachedBytes).toBeGreaterThan(budget / 2);
  });

  it('drops the least recently used games first: they are read again from the first event', async () => {
    const { store, fromRevisions } = await storeOfBigGames(6);
    const games = new GameRepository(store, { gamesBytes: budget, viewsBytes: budget, feedFramesBytes: budget });
    for (let i = 0; i < 6; i++) await games.load(`big-${i}`);
    const { revision } = await games.load('big-5');
    await games.load('big-0');
    // The most recent game is caught up after its cached revision; the oldest is folded again.
    expect(fromRevisions.get(gameStreamId('big-5'))).toEqual([0, revision + 1]);
    expect(fromRevisions.get(gameStreamId('big-0'))).toEqual([0, 0]);
  });
});
