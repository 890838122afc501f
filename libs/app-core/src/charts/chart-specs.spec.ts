import { newAnalyticsFold, summarizeAnalytics, type GameAnalytics } from '@logbook/projections';
import { chartSpecs, HEAT_MAP_HEXES } from './chart-specs';

type HexDatum = { q: number; r: number; wrecks: number };
const heatMapHexes = (spec: unknown): HexDatum[] => (spec as { data: { values: HexDatum[] } }).data.values;

describe('the wreck heat map', () => {
  // Many games on boards that cover different seas: far more hexes than a chart can usefully show.
  const summary = {
    ...summarizeAnalytics([]),
    boardHexes: Array.from({ length: 20_000 }, (_, i) => ({ scenarioId: 'sea', q: (i % 200) - 100, r: Math.floor(i / 200) - 50, games: 1 + (i % 7) })),
    wrecks: Array.from({ length: 3_000 }, (_, i) => ({ scenarioId: 'sea', q: (i % 60) - 30, r: Math.floor(i / 60) - 25, tileId: null, wrecks: 1 + (i % 11) })),
  };

  it('draws a bounded number of hexes, however many the boards covered', () => {
    expect(heatMapHexes(chartSpecs(summary, 'all games')['wreck-heatmap']).length).toBeLessThanOrEqual(HEAT_MAP_HEXES);
  });

  it('keeps the hexes with the most wrecks first, and says how many it left out', () => {
    const spec = chartSpecs(summary, 'all games')['wreck-heatmap'] as { title: { subtitle: string } };
    const drawn = heatMapHexes(spec);
    const fewestDrawn = Math.min(...drawn.filter((h) => h.wrecks > 0).map((h) => h.wrecks));
    const keys = new Set(drawn.map((h) => `${h.q},${h.r}`));
    const mostLeftOut = Math.max(0, ...summary.wrecks.filter((w) => !keys.has(`${w.q},${w.r}`)).map((w) => w.wrecks));
    expect(mostLeftOut).toBeLessThanOrEqual(fewestDrawn);
    expect(JSON.stringify(spec.title)).toMatch(/hexes left out/);
  });

  it('draws every hex of a small summary', () => {
    const small = { ...summary, boardHexes: summary.boardHexes.slice(0, 50), wrecks: summary.wrecks.slice(0, 10) };
    expect(heatMapHexes(chartSpecs(small, 'all games')['wreck-heatmap']).length).toBe(50 + 10 - 0);
  });

  it('draws one board per scenario: the same hex of two scenarios is two places', () => {
    const game = (id: string, scenarioId: string, q: number): GameAnalytics => ({
      ...newAnalyticsFold(id).figures,
      scenarioId,
      status: 'lost',
      coveredHexes: ['0,0', `${q},0`],
      wrecks: [{ shipId: 's', hex: { q, r: 0 }, tileId: 'home', act: 1, round: 1, source: 'storm' }],
    });
    const spec = chartSpecs(summarizeAnalytics([game('a', 'sea', 1), game('b', 'shoals', 1), game('c', 'shoals', 2)]), 'all games')['wreck-heatmap'] as {
      vconcat?: Array<{ title: { text: string }; data: { values: HexDatum[] } }>;
    };
    const boards = Object.fromEntries((spec.vconcat ?? []).map((b) => [b.title.text, b.data.values.filter((h) => h.wrecks > 0).map((h) => [h.q, h.wrecks])]));
    expect(boards).toEqual({
      sea: [[1, 1]],
      shoals: [
        [1, 1],
        [2, 1],
      ],
    });
  });
});

type WinDatum = { scenarioId: string; player: string; winRate: number | null; label: string; n: string };
const winData = (spec: unknown): WinDatum[] => (spec as { data: { values: WinDatum[] } }).data.values;

describe('the win-rate chart', () => {
  const rate = (player: string, finished: number, won: number) => ({
    scenarioId: 'sea',
    player,
    games: Math.max(finished, 1),
    finished,
    won,
    winRate: finished === 0 ? 0 : won / finished,
    meanRounds: 0,
    meanTurns: 0,
  });
  const summary = { ...summarizeAnalytics([]), winRates: [rate('greedy', 4, 2), rate('human', 0, 0)] };

  it('draws no bar and no percentage for a player with no finished games, and says so', () => {
    const none = winData(chartSpecs(summary, 'all games')['win-rate']).find((d) => d.player === 'human');
    expect(none).toMatchObject({ winRate: null, label: '', n: 'no finished games' });
  });

  it('draws the others as before', () => {
    const greedy = winData(chartSpecs(summary, 'all games')['win-rate']).find((d) => d.player === 'greedy');
    expect(greedy).toMatchObject({ winRate: 0.5, label: '50%', n: '4 games' });
  });
});

describe('charts with nothing to draw', () => {
  const specs = chartSpecs(summarizeAnalytics([]), 'all games');
  type Layer = { encoding?: { y?: { axis?: { format?: string } } } };
  const yAxes = (spec: { encoding?: Layer['encoding']; layer?: Layer[] }) =>
    [spec.encoding?.y, ...(spec.layer ?? []).map((l) => l.encoding?.y)].filter((y) => y?.axis !== undefined).map((y) => y?.axis);

  it.each(['damage-by-act', 'plunder-fit', 'wreck-heatmap'] as const)('%s says it is empty', (name) => {
    expect(JSON.stringify((specs[name] as { title: unknown }).title)).toMatch(/no games yet|nothing recorded yet/);
  });

  it('the heat map has no wrecks legend when there are no wrecks', () => {
    const covered = { ...summarizeAnalytics([]), boardHexes: [{ scenarioId: 'sea', q: 0, r: 0, games: 1 }] };
    for (const summary of [summarizeAnalytics([]), covered]) {
      const spec = chartSpecs(summary, 'all games')['wreck-heatmap'] as { layer: Array<{ encoding: { color?: { legend?: unknown } } }> };
      expect(spec.layer[0]?.encoding.color?.legend).toBeNull();
    }
  });

  it.each(['damage-by-act', 'plunder-fit'] as const)('%s counts in whole numbers on its axis', (name) => {
    const axes = yAxes(specs[name] as never);
    expect(axes.length).toBeGreaterThan(0);
    for (const axis of axes) expect(axis).toMatchObject({ format: 'd', tickMinStep: 1 });
  });
});
