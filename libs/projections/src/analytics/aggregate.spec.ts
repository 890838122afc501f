// Cross-game figures checked against a handful of games whose figures are set by hand.
import { newAnalyticsFold, type GameAnalytics } from './game-analytics';
import { summarizeAnalytics } from './aggregate';
import { chiSquareGoodnessOfFit, upperGammaQ } from './chi-square';

const game = (id: string, patch: Partial<GameAnalytics>): GameAnalytics => ({ ...newAnalyticsFold(id).figures, scenarioId: 'sea', ...patch });

describe('figures across games', () => {
  const games: GameAnalytics[] = [
    game('a', { status: 'won', rounds: 4, turns: 8, simulated: { bot: 'greedy', seed: 1, index: 0 }, seats: [{ seat: 1, name: 'Ana', characterId: 'c' }] }),
    game('b', { status: 'lost', rounds: 10, turns: 20, simulated: { bot: 'greedy', seed: 1, index: 1 }, seats: [{ seat: 1, name: 'Ana', characterId: 'c' }] }),
    game('c', { status: 'active', rounds: 2, turns: 2, simulated: { bot: 'greedy', seed: 1, index: 2 } }),
    game('d', {
      status: 'won',
      rounds: 6,
      turns: 6,
      seats: [{ seat: 1, name: 'Bo', characterId: 'c' }],
      encounters: [
        { enemyCard: 'x', difficulty: 8, total: 6, margin: -2, success: false, act: 1 },
        { enemyCard: 'x', difficulty: 8, total: 8, margin: 0, success: true, act: 1 },
        { enemyCard: 'x', difficulty: 6, total: 8, margin: 2, success: true, act: 2 },
      ],
      wrecks: [
        { shipId: 's', hex: { q: 1, r: 0 }, tileId: 'home', act: 1, round: 1, source: 'storm' },
        { shipId: 's', hex: { q: 1, r: 0 }, tileId: 'home', act: 2, round: 3, source: 'encounter' },
        { shipId: 's', hex: { q: 3, r: -1 }, tileId: 'east', act: 2, round: 4, source: 'encounter' },
      ],
      coveredHexes: ['0,0', '1,0', '3,-1'],
      undos: 2,
      turnSeconds: { turns: 4, total: 60 },
    }),
  ];
  games[3]!.damage.storm.byAct = { '1': 2 };
  games[3]!.damage.encounter.byAct = { '1': 1, '2': 4 };
  games[0]!.damage.encounter.byAct = { '2': 1 };
  games[0]!.plunder.rolls = [1, 2, 0, 0, 0, 1];
  games[0]!.plunder.stashedByType = { weapon: 1, spell: 2 };
  const s = summarizeAnalytics(games);

  it('win rate and length per scenario and player kind, over finished games', () => {
    expect(s.winRates).toEqual([
      { scenarioId: 'sea', player: 'greedy', games: 3, finished: 2, won: 1, winRate: 0.5, meanRounds: 7, meanTurns: 14 },
      { scenarioId: 'sea', player: 'human', games: 1, finished: 1, won: 1, winRate: 1, meanRounds: 6, meanTurns: 6 },
    ]);
    expect([s.games, s.finished]).toEqual([4, 3]);
  });

  it('damage by source and act', () => {
    expect(s.damageBySourceAndAct).toEqual([
      { source: 'encounter', act: 1, dealt: 1 },
      { source: 'storm', act: 1, dealt: 2 },
      { source: 'encounter', act: 2, dealt: 5 },
    ]);
  });

  it('encounter success rate by margin and by difficulty', () => {
    expect(s.encountersByMargin).toEqual([
      { margin: -2, encounters: 1, successes: 0, successRate: 0 },
      { margin: 0, encounters: 1, successes: 1, successRate: 1 },
      { margin: 2, encounters: 1, successes: 1, successRate: 1 },
    ]);
    expect(s.encountersByDifficulty).toEqual([
      { difficulty: 6, encounters: 1, successes: 1, successRate: 1 },
      { difficulty: 8, encounters: 2, successes: 1, successRate: 0.5 },
    ]);
  });

  it('plunder faces observed against expected, stashed by type', () => {
    expect(s.plunder.faces.map((f) => [f.roll, f.result, f.observed, f.expected])).toEqual([
      [1, 'weapon', 1, 4 / 6],
      [2, 'spell', 2, 4 / 6],
      [3, 'armor', 0, 4 / 6],
      [4, 'item', 0, 4 / 6],
      [5, 'ally', 0, 4 / 6],
      [6, 'choose', 1, 4 / 6],
    ]);
    expect(s.plunder.stashedByType).toEqual({ weapon: 1, spell: 2 });
    expect(s.plunder.fit.observations).toBe(4);
  });

  it('where wrecks happen, by hex and tile, over the hexes boards covered', () => {
    expect(s.wrecks).toEqual([
      { scenarioId: 'sea', q: 1, r: 0, tileId: 'home', wrecks: 2 },
      { scenarioId: 'sea', q: 3, r: -1, tileId: 'east', wrecks: 1 },
    ]);
    expect(s.wrecksByTile).toEqual([
      { tileId: 'home', wrecks: 2 },
      { tileId: 'east', wrecks: 1 },
    ]);
    expect(s.boardHexes).toEqual([
      { scenarioId: 'sea', q: 0, r: 0, games: 1 },
      { scenarioId: 'sea', q: 1, r: 0, games: 1 },
      { scenarioId: 'sea', q: 3, r: -1, games: 1 },
    ]);
  });

  it('per-player summaries, undo/redo, time per turn', () => {
    expect(s.players).toEqual([
      { name: 'Ana', games: 2, won: 1, lost: 1, meanRounds: 7 },
      { name: 'Bo', games: 1, won: 1, lost: 0, meanRounds: 6 },
    ]);
    expect([s.undos, s.redos, s.meanSecondsPerTurn]).toEqual([2, 0, 15]);
  });
});

describe('chi-square goodness of fit', () => {
  it('gives the textbook p-values', () => {
    // Critical values of the chi-square distribution with 5 degrees of freedom.
    expect(upperGammaQ(5 / 2, 11.0705 / 2)).toBeCloseTo(0.05, 4);
    expect(upperGammaQ(5 / 2, 20.515 / 2)).toBeCloseTo(0.001, 5);
    expect(upperGammaQ(1 / 2, 3.841 / 2)).toBeCloseTo(0.05, 3);
  });

  it('a perfectly even die fits (statistic 0, p 1); a loaded one does not', () => {
    expect(chiSquareGoodnessOfFit([10, 10, 10, 10, 10, 10], Array(6).fill(1 / 6))).toMatchObject({ statistic: 0, degreesOfFreedom: 5, pValue: 1 });
    const loaded = chiSquareGoodnessOfFit([5, 5, 5, 5, 5, 35], Array(6).fill(1 / 6));
    expect(loaded.statistic).toBeCloseTo(75, 6);
    expect(loaded.pValue).toBeLessThan(1e-10);
  });
});
