// The wreck heat map's SVG for a summary whose boards covered many hexes (many games on
// different seas): its size in bytes.
import { chartSpecs, renderSvgs } from '@logbook/app-core';
import { summarizeAnalytics } from '@logbook/projections';

export async function benchHeatMap(hexes = 20_000): Promise<void> {
  const summary = {
    ...summarizeAnalytics([]),
    boardHexes: Array.from({ length: hexes }, (_, i) => ({ scenarioId: 'sea', q: (i % 200) - 100, r: Math.floor(i / 200) - 50, games: 1 + (i % 7) })),
    wrecks: Array.from({ length: hexes / 10 }, (_, i) => ({
      scenarioId: 'sea',
      q: (i % 60) - 30,
      r: Math.floor(i / 60) - 25,
      tileId: null,
      wrecks: 1 + (i % 11),
    })),
  };
  const svgs = await renderSvgs(chartSpecs(summary, 'bench'));
  const svg = svgs['wreck-heatmap'] ?? '';
  console.log(
    `\nWreck heat map of ${hexes.toLocaleString('en-US')} covered hexes: ${Math.round(Buffer.byteLength(svg) / 1024).toLocaleString('en-US')} KB of SVG`,
  );
}
