// ANALYTICS — the analytics read models' figures for this game and its scenario
// (`GET /analytics/games/:id`, `GET /analytics/scenarios/:scenario` and its SVG charts). A
// request that fails says so here.
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import type { AnalyticsSummary, GameAnalytics } from './types';

/** The scenario charts the server renders (Vega-Lite, as SVG). */
const SCENARIO_CHARTS = [
  { name: 'win-rate', title: 'Win rate' },
  { name: 'damage-by-act', title: 'Damage by act' },
  { name: 'plunder-fit', title: 'Plunder rolls against a fair die' },
  { name: 'wreck-heatmap', title: 'Where ships were wrecked' },
];

type Answer<T> = { ok: true; value: T } | { ok: false; error: string };
type Found = { game: Answer<GameAnalytics>; scenario: Answer<AnalyticsSummary> };

const settle = <T,>(promise: Promise<T>): Promise<Answer<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (e: unknown) => ({ ok: false, error: e instanceof Error ? e.message : String(e) }),
  );

/** The figures, asked again each time the game moves on (`revision`), so they never stand still. */
export function Analytics({ gameId, scenarioId, revision }: { gameId: string; scenarioId: string; revision: number }) {
  const [found, setFound] = useState<Found | null>(null);
  useEffect(() => {
    let stale = false;
    void Promise.all([settle(api.gameAnalytics(gameId)), settle(api.scenarioAnalytics(scenarioId))]).then(([game, scenario]) => {
      if (!stale) setFound({ game, scenario });
    });
    return () => {
      stale = true;
    };
  }, [gameId, scenarioId, revision]);

  const errors = found ? [found.game, found.scenario].flatMap((a) => (a.ok ? [] : [a.error])) : [];
  const state = found === null ? 'loading' : errors.length ? 'error' : 'ready';
  return (
    <section class="panel analytics" aria-labelledby="analytics-title" data-analytics={state}>
      <h2 id="analytics-title">Analytics</h2>
      {state === 'loading' && <p class="muted small">Loading the analytics…</p>}
      {errors.length > 0 && (
        <p class="notice error small" role="alert" data-error="analytics">
          The analytics could not be loaded: {errors.join('; ')}
        </p>
      )}
      {found?.game.ok && <GameFigures figures={found.game.value} />}
      {found?.scenario.ok && (
        <div class="scenario-charts">
          <h3>This scenario ({found.scenario.value.games} games)</h3>
          {SCENARIO_CHARTS.map((chart) => (
            <figure key={chart.name}>
              <img
                src={`/analytics/scenarios/${encodeURIComponent(scenarioId)}/charts/${chart.name}.svg`}
                alt={chart.title}
                onError={(e) => {
                  const figure = e.currentTarget.closest('figure');
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

const FIGURES: Array<[string, (g: GameAnalytics) => string | number]> = [
  ['Rounds', (g) => g.rounds],
  ['Turns', (g) => g.turns],
  ['Tiles explored', (g) => g.tilesExplored],
  ['Clues', (g) => `${g.clues}/${g.clueGoal}`],
  ['Navigation points spent', (g) => `${g.navigation.pointsSpent} of ${g.navigation.pointsIssued}`],
  ['Wrecks', (g) => g.wrecks.length],
  ['Encounters', (g) => g.encounters.length],
  ['Enemies spawned / repelled', (g) => `${g.enemiesSpawned} / ${g.enemiesRepelled}`],
  ['Altars purged', (g) => g.altarsPurged],
  ['Undos', (g) => g.undos],
  ['Redos', (g) => g.redos],
];

/** One game's figures: a few numbers, and small bar charts of its series. */
function GameFigures({ figures }: { figures: GameAnalytics }) {
  const byAct = Object.entries(figures.cluesByAct);
  return (
    <div class="game-figures">
      <h3>This game</h3>
      <table class="figures">
        <tbody>
          {FIGURES.map(([label, read]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{String(read(figures))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Bars title="Plunder rolls (faces 1–6)" data={figures.plunder.rolls.map((n, i) => [String(i + 1), n] as const)} />
      {byAct.length > 0 && <Bars title="Clues by act" data={byAct.map(([k, v]) => [`act ${k}`, v] as const)} />}
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
              <text x={i * w + w / 2} y={h + 12}>
                {label}
              </text>
              {value > 0 && (
                <text class="value" x={i * w + w / 2} y={h - bar - 2}>
                  {value}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>{title}</figcaption>
    </figure>
  );
}
