// ANALYTICS — the analytics read models' figures for this game and its scenario
// (`GET /analytics/games/:id`, `GET /analytics/scenarios/:scenario` and its SVG charts). On a
// server without analytics (404) this place says so; it asks again each time a game's page opens.
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import type { LooseJson } from './types';

/** The scenario charts the server renders (Vega-Lite, as SVG). */
const SCENARIO_CHARTS = [
  { name: 'win-rate', title: 'Win rate' },
  { name: 'damage-by-act', title: 'Damage by act' },
  { name: 'plunder-fit', title: 'Plunder rolls against a fair die' },
  { name: 'wreck-heatmap', title: 'Where ships were wrecked' },
];

type Found = { game: LooseJson | null; scenario: LooseJson | null };

export function Analytics({ gameId, scenarioId }: { gameId: string; scenarioId: string }) {
  const [found, setFound] = useState<Found | null>(null);
  useEffect(() => {
    let stale = false;
    const get = (path: string) => api.analytics(path).then((body) => body as LooseJson, () => null);
    // Each request answers null when it fails, so this never rejects and nothing need await it.
    void Promise.all([get(`/analytics/games/${encodeURIComponent(gameId)}`), get(`/analytics/scenarios/${encodeURIComponent(scenarioId)}`)]).then(
      ([game, scenario]) => !stale && setFound({ game, scenario }),
    );
    return () => {
      stale = true;
    };
  }, [gameId, scenarioId]);

  const state = found === null ? 'loading' : found.game || found.scenario ? 'ready' : 'pending';
  return (
    <section class="panel analytics" aria-labelledby="analytics-title" data-analytics={state}>
      <h2 id="analytics-title">Analytics</h2>
      {state === 'loading' && <p class="muted small">Looking for analytics…</p>}
      {state === 'pending' && <p class="muted small">Charts for this game and its scenario appear here once the server has analytics.</p>}
      {found?.game && <GameFigures figures={found.game} />}
      {found?.scenario && (
        <div class="scenario-charts">
          <h3>This scenario{typeof found.scenario.games === 'number' ? ` (${found.scenario.games} games)` : ''}</h3>
          {SCENARIO_CHARTS.map((chart) => (
            <figure key={chart.name}>
              <img
                src={`/analytics/scenarios/${encodeURIComponent(scenarioId)}/charts/${chart.name}.svg`}
                alt={chart.title}
                onError={(e) => {
                  const figure = (e.currentTarget as HTMLImageElement).closest('figure');
                  if (figure) figure.hidden = true;
                }}
              />
              <figcaption>{chart.title}</figcaption>
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}

const FIGURES: Array<[string, (g: LooseJson) => unknown]> = [
  ['Rounds', (g) => g.rounds],
  ['Turns', (g) => g.turns],
  ['Tiles explored', (g) => g.tilesExplored],
  ['Clues', (g) => (g.clues === undefined ? undefined : `${g.clues}/${g.clueGoal}`)],
  ['Navigation points spent', (g) => (g.navigation ? `${g.navigation.pointsSpent} of ${g.navigation.pointsIssued}` : undefined)],
  ['Wrecks', (g) => (Array.isArray(g.wrecks) ? g.wrecks.length : undefined)],
  ['Encounters', (g) => (Array.isArray(g.encounters) ? g.encounters.length : undefined)],
  ['Enemies spawned / repelled', (g) => (g.enemiesSpawned === undefined ? undefined : `${g.enemiesSpawned} / ${g.enemiesRepelled}`)],
  ['Altars purged', (g) => g.altarsPurged],
  ['Undos', (g) => g.undos],
  ['Redos', (g) => g.redos],
];

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** One game's figures: a few numbers, and small bar charts of its series. */
function GameFigures({ figures }: { figures: LooseJson }) {
  const rows = FIGURES.map(([label, read]) => [label, read(figures)] as const).filter(([, v]) => typeof v === 'number' || typeof v === 'string');
  // Anything else the server adds that is a plain number still shows.
  const known = new Set(['revision', 'rounds', 'turns', 'tilesExplored', 'clues', 'clueGoal', 'act', 'altarsPurged', 'undos', 'redos', 'enemiesSpawned', 'enemiesRepelled']);
  const extra = Object.entries(figures ?? {})
    .filter(([k, v]) => typeof v === 'number' && !known.has(k))
    .map(([k, v]) => [words(k), v] as const);
  const rolls: unknown = figures?.plunder?.rolls;
  const byAct: unknown = figures?.cluesByAct;
  return (
    <div class="game-figures">
      <h3>This game</h3>
      <table class="figures">
        <tbody>
          {[...rows, ...extra].map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{String(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {Array.isArray(rolls) && rolls.length > 0 && (
        <Bars title="Plunder rolls (faces 1–6)" data={rolls.map((n, i) => [String(i + 1), Number(n)] as const)} />
      )}
      {byAct && typeof byAct === 'object' && Object.keys(byAct).length > 0 && (
        <Bars title="Clues by act" data={Object.entries(byAct as Record<string, number>).map(([k, v]) => [`act ${k}`, Number(v)] as const)} />
      )}
    </div>
  );
}

function Bars({ title, data }: { title: string; data: ReadonlyArray<readonly [string, number]> }) {
  const max = Math.max(1, ...data.map(([, v]) => v));
  const w = 28;
  const h = 60;
  const top = 12;
  return (
    <figure class="bars">
      <svg
        viewBox={`0 ${-top} ${data.length * w} ${h + 16 + top}`}
        style={{ width: `${data.length * w * 1.5}px` }}
        role="img"
        aria-label={`${title}: ${data.map(([k, v]) => `${k} ${v}`).join(', ')}`}
      >
        {data.map(([label, value], i) => {
          const bar = (value / max) * h;
          return (
            <g key={label}>
              <rect x={i * w + 4} y={h - bar} width={w - 8} height={bar} rx="2" />
              <text x={i * w + w / 2} y={h + 12}>{label}</text>
              {value > 0 && <text class="value" x={i * w + w / 2} y={h - bar - 2}>{value}</text>}
            </g>
          );
        })}
      </svg>
      <figcaption>{title}</figcaption>
    </figure>
  );
}
