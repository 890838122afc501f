import { summarizeAnalytics } from '@logbook/projections';
import { chartSpecs, HEAT_MAP_HEXES } from './chart-specs';

type HexDatum = { q: number; r: number; wrecks: number };
const heatMapHexes = (spec: unknown): HexDatum[] => (spec as { data: { values: HexDatum[] } }).data.values;

describe('the wreck heat map', () => {
  // Many games on boards that cover different seas: far more hexes than a chart can usefully show.
  const summary = {
    ...summarizeAnalytics([]),
    boardHexes: Array.from({ length: 20_000 }, (_, i) => ({ q: (i % 200) - 100, r: Math.floor(i / 200) - 50, games: 1 + (i % 7) })),
    wrecks: Array.from({ length: 3_000 }, (_, i) => ({ q: (i % 60) - 30, r: Math.floor(i / 60) - 25, tileId: null, wrecks: 1 + (i % 11) })),
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
});
