// The analytics projection given recorded events: undo takes an action's figures back out, redo
// puts them back, and the counts of both are kept; the rest is folded event by event.
import type { RecordedEvent } from '@logbook/event-store';
import { InMemoryAnalyticsStore } from './analytics-store';
import { AnalyticsProjection, foldAnalyticsLog } from './analytics.projection';

const tile = { tileId: 'east', act: 1, clues: 2, hexes: [{ q: 0, r: 0, terrain: 'sea' }] };
const scenario = { id: 'hand', name: 'By hand', clueGoal: 6, storms: [], tiles: [], startingTiles: [], playerShips: [{ shipId: 'gull', hex: { q: 0, r: 0 } }] };

const recorded = (revision: number, commandId: string, type: string, data: unknown): RecordedEvent => ({
  id: `e${revision}`,
  streamId: 'game-g1',
  revision,
  position: BigInt(revision + 1),
  type,
  data: { data },
  metadata: { commandId, seat: revision === 0 ? null : 1 },
  schemaVersion: 1,
});

const log: RecordedEvent[] = [
  recorded(0, 'c0', 'GameCreated', { gameId: 'g1', mode: 'sandbox', seats: [{ seat: 1, name: 'Ana', characterId: 'ysolde' }], scenario }),
  recorded(1, 'c0', 'TurnStarted', { seat: 1, round: 1, ordersLeft: 3 }),
  recorded(2, 'a1', 'NavigationOrderIssued', { shipId: 'gull', points: 2 }),
  recorded(3, 'a1', 'TileExplored', { shipId: 'gull', tileId: 'east', hex: { q: 0, r: -1 }, rotation: 0, clues: 2, cost: 1, tile }),
  recorded(4, 'a1', 'NavigationOrderCompleted', { shipId: 'gull', unusedPoints: 1 }),
  recorded(5, 'u1', 'ActionUndone', { actionId: 'a1', seat: 1 }),
  recorded(6, 'r1', 'ActionRedone', { actionId: 'a1', seat: 1 }),
  recorded(7, 'u2', 'ActionUndone', { actionId: 'a1', seat: 1 }),
];

async function feed(events: RecordedEvent[]) {
  const store = new InMemoryAnalyticsStore();
  const projection = new AnalyticsProjection(store, async (_gameId, toRevision) => log.slice(0, toRevision + 1));
  for (const event of events) await projection.handle(event);
  return store.get('g1')?.figures;
}

describe('the analytics projection across undo and redo', () => {
  it('counts an explored tile once it is played', async () => {
    expect(await feed(log.slice(0, 5))).toMatchObject({
      clues: 2,
      tilesExplored: 1,
      navigation: { orders: 1, pointsIssued: 2, pointsSpent: 1, pointsUnused: 1 },
      undos: 0,
    });
  });

  it('takes the figures of an undone action back out, and counts the undo', async () => {
    expect(await feed(log.slice(0, 6))).toMatchObject({
      clues: 0,
      tilesExplored: 0,
      navigation: { orders: 0, pointsIssued: 0 },
      undos: 1,
      redos: 0,
      revision: 5,
    });
  });

  it('puts them back on redo, and counts both', async () => {
    expect(await feed(log.slice(0, 7))).toMatchObject({ clues: 2, tilesExplored: 1, navigation: { orders: 1 }, undos: 1, redos: 1, revision: 6 });
    expect(await feed(log)).toMatchObject({ clues: 0, tilesExplored: 0, undos: 2, redos: 1, revision: 7 });
  });

  it('gives what a fresh fold of the whole log gives (what verify compares)', async () => {
    expect(await feed(log)).toEqual(foldAnalyticsLog('g1', log).figures);
  });

  describe('when the last events are of types the figures do not fold', () => {
    const tail = [
      recorded(8, 'a2', 'CrewMoved', { shipId: 'gull', crewId: 'c1', from: null, to: 'deck' }),
      recorded(9, 'a2', 'BlessingAdvanced', { deck: 3, discard: 1 }),
    ];

    it('after an undo, the figures stand at the same revision as a fresh fold', async () => {
      const figures = await feed([...log, ...tail]);
      expect(figures?.revision).toBe(foldAnalyticsLog('g1', [...log, ...tail]).figures.revision);
      expect(figures).toEqual(foldAnalyticsLog('g1', [...log, ...tail]).figures);
    });

    it('without undo or redo, too', async () => {
      const played = [...log.slice(0, 5), ...tail.map((e, i) => ({ ...e, revision: 5 + i }))];
      expect(await feed(played)).toEqual(foldAnalyticsLog('g1', played).figures);
    });
  });
});
