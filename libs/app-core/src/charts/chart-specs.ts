// The analytics charts as Vega-Lite specifications, built from the cross-game summary. Rendered
// to SVG by render-svg.mjs (Vega is ESM-only, so it runs in its own Node process).
import type { AnalyticsSummary } from '@logbook/projections';

export const CHART_NAMES = ['win-rate', 'damage-by-act', 'plunder-fit', 'wreck-heatmap'] as const;
export type ChartName = (typeof CHART_NAMES)[number];
export const isChartName = (name: string): name is ChartName => (CHART_NAMES as readonly string[]).includes(name);

type Spec = Record<string, unknown>;

const FONT = 'Helvetica, Arial, sans-serif';
const base = (title: string, subtitle: string | string[]): Spec => ({
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  title: { text: title, subtitle, anchor: 'start', fontSize: 16, subtitleFontSize: 12, subtitleColor: '#555', offset: 12 },
  background: 'white',
  padding: 16,
  config: {
    font: FONT,
    view: { stroke: null },
    axis: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal', gridColor: '#e8e8e8', domainColor: '#888', tickColor: '#888' },
    legend: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal' },
  },
});

const SOURCE_COLORS = { domain: ['storm', 'encounter', 'on-deck'], range: ['#4c78a8', '#e45756', '#f2a93b'] };

/** The line a chart with nothing to draw adds to its subtitle (its axes alone would look like data). */
const nothingDrawn = (summary: AnalyticsSummary, drawn: number): string[] => (drawn > 0 ? [] : [summary.games === 0 ? 'no games yet' : 'nothing recorded yet']);

/** Counts on an axis: whole numbers (Vega's default writes an empty axis's 0 as "0.000000"). */
const COUNT_AXIS = { format: 'd', tickMinStep: 1 };

export function chartSpecs(summary: AnalyticsSummary, scope: string): Record<ChartName, Spec> {
  // A rate over no finished games is no rate: no bar and no "0%", only the note under the axis.
  const wins = summary.winRates.map((w) =>
    w.finished === 0
      ? { ...w, winRate: null, label: '', n: 'no finished games' }
      : { ...w, label: `${(w.winRate * 100).toFixed(w.winRate > 0 && w.winRate < 0.1 ? 1 : 0)}%`, n: `${w.finished} games` },
  );
  const fit = summary.plunder.fit;
  const faces = summary.plunder.faces.map((f) => ({ ...f, face: `${f.roll} · ${f.result}` }));
  return {
    'win-rate': {
      ...base('Win rate by scenario and player', [
        `${scope}: finished games; bots are simulated, "human" are played games`,
        'balance targets: greedy 40–85% (band), random ≤ 25% (dashed)',
      ]),
      data: { values: wins },
      facet: { column: { field: 'scenarioId', type: 'nominal', title: null, header: { labelFontSize: 13, labelFontWeight: 'bold' } } },
      spec: {
        width: 220,
        height: 220,
        layer: [
          {
            // The balance targets: greedy between 40% and 85%, random at most 25%.
            data: { values: [{ from: 0.4, to: 0.85 }] },
            mark: { type: 'rect', color: '#54a24b', opacity: 0.08 },
            encoding: { y: { field: 'from', type: 'quantitative' }, y2: { field: 'to' } },
          },
          {
            data: { values: [{ at: 0.25 }] },
            mark: { type: 'rule', color: '#4c78a8', strokeDash: [4, 3], opacity: 0.6 },
            encoding: { y: { field: 'at', type: 'quantitative' } },
          },
          {
            mark: { type: 'bar', cornerRadiusEnd: 3, width: { band: 0.7 } },
            encoding: {
              x: { field: 'player', type: 'nominal', title: null, axis: { labelAngle: 0 }, sort: ['idle', 'random', 'greedy', 'human'] },
              y: { field: 'winRate', type: 'quantitative', title: 'win rate', scale: { domain: [0, 1] }, axis: { format: '%' } },
              color: {
                field: 'player',
                type: 'nominal',
                legend: null,
                scale: { domain: ['idle', 'random', 'greedy', 'human'], range: ['#bab0ac', '#9ecae9', '#54a24b', '#b279a2'] },
              },
              tooltip: [{ field: 'player' }, { field: 'winRate', format: '.1%' }, { field: 'finished' }],
            },
          },
          {
            mark: { type: 'text', dy: -8, fontSize: 12, fontWeight: 'bold' },
            encoding: {
              x: { field: 'player', type: 'nominal', sort: ['idle', 'random', 'greedy', 'human'] },
              y: { field: 'winRate', type: 'quantitative' },
              text: { field: 'label' },
            },
          },
          {
            mark: { type: 'text', dy: 12, fontSize: 10, color: '#555', baseline: 'top' },
            encoding: { x: { field: 'player', type: 'nominal', sort: ['idle', 'random', 'greedy', 'human'] }, y: { datum: 0 }, text: { field: 'n' } },
          },
        ],
      },
    },
    'damage-by-act': {
      ...base('Structural damage by source, per act', [
        `${scope}: damage dealt (before reductions), all games`,
        ...nothingDrawn(summary, summary.damageBySourceAndAct.length),
      ]),
      width: 360,
      height: 240,
      data: { values: summary.damageBySourceAndAct.map((d) => ({ ...d, actLabel: `act ${d.act}` })) },
      mark: { type: 'bar', cornerRadiusEnd: 2 },
      encoding: {
        x: { field: 'actLabel', type: 'ordinal', title: null, axis: { labelAngle: 0 } },
        xOffset: { field: 'source', type: 'nominal', scale: { domain: SOURCE_COLORS.domain } },
        y: { field: 'dealt', type: 'quantitative', title: 'damage dealt', axis: COUNT_AXIS },
        color: { field: 'source', type: 'nominal', title: 'source', scale: SOURCE_COLORS },
        tooltip: [{ field: 'source' }, { field: 'act' }, { field: 'dealt' }],
      },
    },
    'plunder-fit': {
      ...base('Plunder table: observed rolls against a fair d6', [
        `${scope}: ${fit.observations} rolls; χ² = ${fit.statistic.toFixed(2)} (${fit.degreesOfFreedom} d.f.), p = ${fit.pValue.toPrecision(3)}`,
        ...nothingDrawn(summary, fit.observations),
      ]),
      width: 420,
      height: 240,
      data: { values: faces },
      layer: [
        {
          mark: { type: 'bar', color: '#4c78a8', cornerRadiusEnd: 2, width: { band: 0.65 } },
          encoding: {
            x: { field: 'face', type: 'ordinal', title: 'd6 roll · result', axis: { labelAngle: 0 } },
            y: { field: 'observed', type: 'quantitative', title: 'rolls', axis: COUNT_AXIS },
            tooltip: [{ field: 'face' }, { field: 'observed' }, { field: 'expected', format: '.1f' }],
          },
        },
        {
          mark: { type: 'tick', color: '#e45756', thickness: 3, size: 40 },
          encoding: { x: { field: 'face', type: 'ordinal' }, y: { field: 'expected', type: 'quantitative' } },
        },
        {
          mark: { type: 'text', dy: -8, fontSize: 11 },
          encoding: { x: { field: 'face', type: 'ordinal' }, y: { field: 'observed', type: 'quantitative' }, text: { field: 'observed' } },
        },
      ],
    },
    'wreck-heatmap': heatMap(summary, scope),
  };
}

/** Pixels per hex radius in the heat map. */
const HEX_PX = 20;
/**
 * Most hexes the heat map draws: each is a mark of a few hundred bytes in the SVG, and games on
 * many different boards cover tens of thousands (a 3 MB picture nobody can read). The hexes with
 * the most wrecks come first, then those the most boards covered.
 */
export const HEAT_MAP_HEXES = 500;

function heatMap(summary: AnalyticsSummary, scope: string): Spec {
  const { hexes, leftOut } = hexLayer(summary);
  const total = summary.wrecks.reduce((n, w) => n + w.wrecks, 0);
  const title = base('Where ships were wrecked', [
    `${scope}: ${total} wrecks on the hexes every board played covered (flat-topped hexes, north up)`,
    ...(leftOut > 0 ? [`${leftOut} hexes left out (the fewest wrecks, then the fewest boards covering them)`] : []),
    ...nothingDrawn(summary, hexes.length),
  ]);
  // One board per scenario: the same coordinates are different seas on different boards.
  const scenarios = [...new Set(hexes.map((h) => h.scenarioId))].sort();
  if (scenarios.length <= 1) return { ...title, ...board(hexes, total) };
  return {
    ...title,
    vconcat: scenarios.map((id) => ({
      title: { text: id, anchor: 'start', fontSize: 13 },
      ...board(
        hexes.filter((h) => h.scenarioId === id),
        total,
      ),
    })),
    resolve: { scale: { color: 'shared' } },
  };
}

function board(hexes: ReturnType<typeof hexLayer>['hexes'], total: number): Spec {
  const xs = hexes.map((h) => h.x);
  const ys = hexes.map((h) => h.y);
  const [x0, x1] = xs.length ? [Math.min(...xs) - 1, Math.max(...xs) + 1] : [-1, 1];
  const [y0, y1] = ys.length ? [Math.min(...ys) - 1, Math.max(...ys) + 1] : [-1, 1];
  const x = { field: 'x', type: 'quantitative', axis: null, scale: { domain: [x0, x1], nice: false, zero: false } };
  const y = { field: 'y', type: 'quantitative', axis: null, scale: { domain: [y1, y0], nice: false, zero: false } };
  return {
    width: Math.max(200, (x1 - x0) * HEX_PX),
    height: Math.max(160, (y1 - y0) * HEX_PX),
    data: { values: hexes },
    layer: [
      {
        // A custom symbol's unit box [-1, 1] is drawn sqrt(size) pixels wide.
        mark: { type: 'point', shape: HEXAGON, filled: true, stroke: '#ffffff', strokeWidth: 1.5, size: (2 * HEX_PX) ** 2, opacity: 1 },
        encoding: {
          x,
          y,
          color: {
            condition: { test: 'datum.wrecks === 0', value: '#dfe7ef' },
            field: 'wrecks',
            type: 'quantitative',
            title: 'wrecks',
            // No wrecks, no scale to explain (its empty domain's labels read "0.000000").
            legend: total > 0 ? { format: 'd' } : null,
            scale: { scheme: 'orangered', domainMin: 0 },
          },
          tooltip: [{ field: 'hex' }, { field: 'tileId' }, { field: 'wrecks' }],
        },
      },
      {
        transform: [{ filter: 'datum.wrecks > 0' }],
        mark: { type: 'text', fontSize: 10, fontWeight: 'bold', color: 'white' },
        encoding: { x, y, text: { field: 'wrecks' } },
      },
    ],
  };
}

/** A flat-topped hexagon in Vega's unit shape coordinates. */
const HEXAGON = 'M -1 0 L -0.5 -0.866 L 0.5 -0.866 L 1 0 L 0.5 0.866 L -0.5 0.866 Z';

/** Axial (q, r) to the plane for flat-topped hexes: x = 3/2 q, y = √3 (r + q/2). */
function hexLayer(summary: AnalyticsSummary) {
  const keyOf = (h: { scenarioId: string; q: number; r: number }) => `${h.scenarioId}\u0000${h.q},${h.r}`;
  const wrecks = new Map(summary.wrecks.map((w) => [keyOf(w), w]));
  const covered = new Map(summary.boardHexes.map((h) => [keyOf(h), h]));
  const all = [...new Set([...covered.keys(), ...wrecks.keys()])].map((key) => {
    const w = wrecks.get(key);
    const c = covered.get(key);
    const { scenarioId, q, r } = (w ?? c) as { scenarioId: string; q: number; r: number };
    return {
      scenarioId,
      hex: `${q},${r}`,
      q,
      r,
      x: 1.5 * q,
      y: Math.sqrt(3) * (r + q / 2),
      wrecks: w?.wrecks ?? 0,
      tileId: w?.tileId ?? '',
      games: c?.games ?? 0,
    };
  });
  if (all.length <= HEAT_MAP_HEXES) return { hexes: all, leftOut: 0 };
  const kept = all.sort((a, b) => b.wrecks - a.wrecks || b.games - a.games).slice(0, HEAT_MAP_HEXES);
  return { hexes: kept, leftOut: all.length - kept.length };
}
