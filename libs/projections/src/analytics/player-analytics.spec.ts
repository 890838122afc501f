// Per-player analytics and the group view, given recorded events: the analytics projection keeps
// each seat's profile (from the new game's command or a later claim), and a player's figures and a
// group's voyages are read from those rows alone.
import type { RecordedEvent } from '@logbook/event-store';
import { InMemoryAnalyticsStore } from './analytics-store';
import { AnalyticsProjection, foldAnalyticsLog } from './analytics.projection';
import { groupVoyages, playerAnalytics } from './player-analytics';

const scenario = (id: string) => ({
  id,
  name: `Sea ${id}`,
  clueGoal: 6,
  storms: [],
  tiles: [],
  startingTiles: [],
  playerShips: [{ shipId: 'gull', hex: { q: 0, r: 0 } }],
});

interface SeatSpec {
  name: string;
  characterId: string;
  playerId?: string;
}

let position = 0n;
const event = (gameId: string, revision: number, type: string, data: unknown, metadata: Record<string, unknown> = {}): RecordedEvent => ({
  id: `${gameId}-${revision}`,
  streamId: `game-${gameId}`,
  revision,
  position: ++position,
  type,
  data: { data },
  metadata: { commandId: `${gameId}-c${revision}`, ...metadata },
  schemaVersion: 1,
});

/** A game's log: created at `day` with these seats (profiles in the command's `players`), then its rounds and outcome. */
function game(
  gameId: string,
  day: number,
  seats: SeatSpec[],
  end: { rounds: number; outcome?: 'won' | 'lost'; damage?: number; scenarioId?: string },
): RecordedEvent[] {
  const recordedAt = `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
  const log = [
    event(
      gameId,
      0,
      'GameCreated',
      {
        gameId,
        mode: 'sandbox',
        seats: seats.map((s, i) => ({ seat: i + 1, name: s.name, characterId: s.characterId })),
        scenario: scenario(end.scenarioId ?? 'sea'),
      },
      { recordedAt, players: seats.map((s) => (s.playerId ? { name: s.name, playerId: s.playerId } : { name: s.name })) },
    ),
  ];
  for (let round = 1; round <= end.rounds; round++) log.push(event(gameId, log.length, 'TurnStarted', { seat: 1, round, ordersLeft: 3 }, { recordedAt }));
  if (end.damage) {
    log.push(event(gameId, log.length, 'StructuralDamageDealt', { shipId: 'gull', source: 'storm', dealt: end.damage }, { recordedAt }));
    log.push(event(gameId, log.length, 'StructuralDamageResolved', { shipId: 'gull', amount: end.damage }, { recordedAt }));
  }
  if (end.outcome === 'won') log.push(event(gameId, log.length, 'ScenarioWon', {}, { recordedAt }));
  if (end.outcome === 'lost') log.push(event(gameId, log.length, 'ScenarioLost', { reason: 'all-wrecked' }, { recordedAt }));
  return log;
}

async function rows(events: RecordedEvent[]) {
  const store = new InMemoryAnalyticsStore();
  const projection = new AnalyticsProjection(store);
  for (const e of events) await projection.handle(e);
  return store.list();
}

const ana = { name: 'Ana', characterId: 'ysolde', playerId: 'p-ana' };
const bo = { name: 'Bo', characterId: 'corvin', playerId: 'p-bo' };
const cy = { name: 'Cy', characterId: 'mara', playerId: 'p-cy' };

describe("a player's analytics from the analytics rows", () => {
  it('keeps the profile each seat was taken with, and none for a name typed alone', async () => {
    const [g] = await rows(game('g1', 1, [ana, { name: 'Dee', characterId: 'mara' }], { rounds: 1 }));
    expect(g?.seats).toEqual([
      { seat: 1, name: 'Ana', characterId: 'ysolde', playerId: 'p-ana' },
      { seat: 2, name: 'Dee', characterId: 'mara' },
    ]);
  });

  it('links a seat claimed into a profile later (SeatClaimed), with the name the claim records', async () => {
    const log = game('g1', 1, [{ name: 'anon', characterId: 'mara' }], { rounds: 1 });
    log.push(event('g1', log.length, 'SeatClaimed', { seat: 1, playerId: 'p-ana', name: 'Ana' }));
    const [g] = await rows(log);
    expect(g?.seats).toEqual([{ seat: 1, name: 'Ana', characterId: 'mara', playerId: 'p-ana' }]);
    expect(playerAnalytics('p-ana', [g!]).games).toBe(1);
  });

  it('keeps a claim through an undo and a refold of the effective log (a claim is never undone)', async () => {
    const log = game('g1', 1, [{ name: 'anon', characterId: 'mara' }], { rounds: 1 });
    log.push(event('g1', log.length, 'TurnStarted', { seat: 1, round: 2, ordersLeft: 3 }, { commandId: 'a-2' }));
    log.push(event('g1', log.length, 'SeatClaimed', { seat: 1, playerId: 'p-ana', name: 'Ana' }, { commandId: 'claim' }));
    log.push(event('g1', log.length, 'ActionUndone', { actionId: 'a-2', seat: 1 }, { commandId: 'undo-a-2' }));
    const store = new InMemoryAnalyticsStore();
    const projection = new AnalyticsProjection(store, async (_gameId, revision) => log.slice(0, revision + 1));
    for (const e of log) await projection.handle(e);
    const [g] = await store.list();
    expect(g?.undos).toBe(1);
    expect(g?.seats).toEqual([{ seat: 1, name: 'Ana', characterId: 'mara', playerId: 'p-ana' }]);
    expect(foldAnalyticsLog('g1', log).figures.seats).toEqual(g?.seats);
  });

  it("counts an imported game for no profile: its seats' links are foreign, their names kept", async () => {
    const log = game('g1', 1, [ana, { name: 'anon', characterId: 'mara' }], { rounds: 1 });
    const first = log[0] as RecordedEvent;
    log[0] = { ...first, metadata: { ...first.metadata, importedFrom: 'elsewhere' } };
    log.push(event('g1', log.length, 'SeatClaimed', { seat: 2, playerId: 'p-bo', name: 'Bo' }));
    const [g] = await rows(log);
    expect(g?.seats).toEqual([
      { seat: 1, name: 'Ana', characterId: 'ysolde' },
      { seat: 2, name: 'Bo', characterId: 'mara' },
    ]);
    expect(playerAnalytics('p-ana', [g!]).games).toBe(0);
  });

  it('counts only games with a seat of theirs: outcomes per scenario, rounds, damage, encounters, favourite character, with whom', async () => {
    const all = await rows([
      ...game('g1', 1, [ana, bo], { rounds: 3, outcome: 'won', damage: 2 }),
      ...game('g2', 2, [{ ...ana, characterId: 'corvin' }, bo, cy], { rounds: 5, outcome: 'lost', damage: 4 }),
      ...game('g3', 3, [ana], { rounds: 2, scenarioId: 'reef' }),
      ...game('g4', 4, [bo, cy], { rounds: 9, outcome: 'won' }),
      ...game('g5', 5, [{ name: 'Ana', characterId: 'ysolde' }], { rounds: 7, outcome: 'won' }),
    ]);
    const a = playerAnalytics('p-ana', all);
    expect(a).toMatchObject({ playerId: 'p-ana', games: 3, finished: 2, won: 1, lost: 1, winRate: 0.5 });
    expect(a.byScenario).toEqual([
      { scenarioId: 'reef', scenarioName: 'Sea reef', games: 1, finished: 0, won: 0, lost: 0, winRate: null },
      { scenarioId: 'sea', scenarioName: 'Sea sea', games: 2, finished: 2, won: 1, lost: 1, winRate: 0.5 },
    ]);
    expect(a.rounds).toEqual({ total: 10, mean: 10 / 3 });
    expect(a.damageTaken).toBe(6);
    expect(a.favouriteCharacter).toEqual({ characterId: 'ysolde', games: 2 });
    expect(a.playedWith).toEqual([
      { playerId: 'p-bo', name: 'Bo', games: 2 },
      { playerId: 'p-cy', name: 'Cy', games: 1 },
    ]);
  });

  it('answers an empty profile with zeros and nulls, not an error', () => {
    expect(playerAnalytics('p-none', [])).toMatchObject({
      games: 0,
      winRate: null,
      rounds: { total: 0, mean: null },
      favouriteCharacter: null,
      playedWith: [],
    });
  });
});

describe('the group view: the games a set of players played together', () => {
  it('lists only games every one of them sat in, newest first, with a summary over them', async () => {
    const all = await rows([
      ...game('g1', 1, [ana, bo], { rounds: 3, outcome: 'won', damage: 2 }),
      ...game('g2', 2, [ana, bo, cy], { rounds: 5, outcome: 'lost' }),
      ...game('g3', 3, [ana], { rounds: 2 }),
      ...game('g4', 4, [bo, cy], { rounds: 9, outcome: 'won' }),
    ]);
    const group = groupVoyages(['p-ana', 'p-bo'], all);
    expect(group.voyages.map((v) => v.gameId)).toEqual(['g2', 'g1']);
    expect(group.voyages[1]).toMatchObject({ status: 'won', rounds: 3, damageTaken: 2, scenarioId: 'sea', createdAt: '2026-11-01T10:00:00.000Z' });
    expect(group.summary).toEqual({ games: 2, finished: 2, won: 1, lost: 1, winRate: 0.5, meanRounds: 4 });
    expect(groupVoyages(['p-ana', 'p-bo', 'p-cy'], all).voyages.map((v) => v.gameId)).toEqual(['g2']);
  });

  it('keeps the newest `limit` games (ten by default)', async () => {
    const all = await rows(Array.from({ length: 12 }, (_, i) => game(`g${i + 1}`, i + 1, [ana, bo], { rounds: 1 })).flat());
    expect(groupVoyages(['p-ana', 'p-bo'], all).voyages.map((v) => v.gameId)).toEqual(['g12', 'g11', 'g10', 'g9', 'g8', 'g7', 'g6', 'g5', 'g4', 'g3']);
    expect(groupVoyages(['p-ana', 'p-bo'], all, 2).voyages).toHaveLength(2);
  });
});
