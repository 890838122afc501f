// `npm run cli -- report [--scenario id] [--out dir] [--simulated yes|no]`: the analytics read
// model's figures as tables on stdout, and SVG charts written to --out (default ./report).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chartSpecs, renderSvgs, type ReadModels } from '@logbook/app-core';
import type { EventStore } from '@logbook/event-store';
import { summarizeAnalytics, type AnalyticsFilter, type AnalyticsSummary } from '@logbook/projections';
import { builtInScenarioIds } from '@logbook/content';
import { Option } from 'commander';
import type { CliCommand } from './cli-command';

/** How long the report waits for the analytics read model to catch up with the store. */
const CATCH_UP_MS = 30_000;

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** A plain text table with aligned columns. */
export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(cells[0] as string[]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function reportText(summary: AnalyticsSummary, scope: string): string {
  const s = summary;
  const fit = s.plunder.fit;
  const parts = [
    `Logbook analytics — ${scope}: ${s.games} games, ${s.finished} finished`,
    '',
    'Win rate by scenario and player',
    table(
      ['scenario', 'player', 'games', 'finished', 'won', 'win rate', 'mean rounds', 'mean turns'],
      // Rates and means are over finished games: with none, there is no figure (not a 0).
      s.winRates.map((w) => {
        const over = (figure: string) => (w.finished === 0 ? '—' : figure);
        return [w.scenarioId, w.player, w.games, w.finished, w.won, over(pct(w.winRate)), over(w.meanRounds.toFixed(1)), over(w.meanTurns.toFixed(1))];
      }),
    ),
    '',
    'Structural damage dealt, by source and act',
    table(
      ['act', 'source', 'dealt'],
      s.damageBySourceAndAct.map((d) => [d.act, d.source, d.dealt]),
    ),
    '',
    'Encounters by margin (check total − difficulty)',
    table(
      ['margin', 'encounters', 'successes', 'success rate'],
      s.encountersByMargin.map((e) => [e.margin, e.encounters, e.successes, pct(e.successRate)]),
    ),
    '',
    'Plunder table rolls against a fair d6',
    table(
      ['roll', 'result', 'observed', 'expected'],
      s.plunder.faces.map((f) => [f.roll, f.result, f.observed, f.expected.toFixed(1)]),
    ),
    `chi-square ${fit.statistic.toFixed(3)} with ${fit.degreesOfFreedom} d.f., p = ${fit.pValue.toPrecision(3)} ` +
      `(${fit.observations === 0 ? 'no rolls' : fit.pValue > 0.001 ? 'consistent with a fair d6 at the 0.001 level' : 'NOT consistent with a fair d6 at the 0.001 level'})`,
    `stashed by type: ${
      Object.entries(s.plunder.stashedByType)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ') || 'none'
    }; banished: ${s.plunder.banished}`,
    '',
    'Wrecks by tile',
    table(
      ['tile', 'wrecks'],
      s.wrecksByTile.map((w) => [w.tileId, w.wrecks]),
    ),
    '',
    'Players (top 10)',
    table(
      ['name', 'games', 'won', 'lost', 'mean rounds'],
      s.players.slice(0, 10).map((p) => [p.name, p.games, p.won, p.lost, p.meanRounds.toFixed(1)]),
    ),
    '',
    `undo: ${s.undos}, redo: ${s.redos}; mean time per turn: ${s.meanSecondsPerTurn === null ? '—' : s.meanSecondsPerTurn < 1 ? `${(s.meanSecondsPerTurn * 1000).toFixed(1)} ms` : `${s.meanSecondsPerTurn.toFixed(2)} s`}`,
  ];
  return parts.join('\n');
}

export interface ReportOptions {
  scenario?: string;
  out: string;
  simulated?: 'yes' | 'no';
}

export const reportCommand: CliCommand = {
  name: 'report',
  summary: 'analytics as tables, and SVG charts written to --out',
  declare: (command) =>
    command
      // Not limited to the built-in ids: a game may have been created with a scenario of its own.
      .addOption(new Option('--scenario <id>', `only games of this scenario (${builtInScenarioIds().join(', ')} or another's id; default: every scenario)`))
      .addOption(new Option('--out <dir>', 'where the SVG charts are written').default('report'))
      .addOption(new Option('--simulated <yes|no>', "only simulated games, or only people's (default: both)").choices(['yes', 'no'])),
  run: (context, command) => report(context.store(), context.readModels(), command.opts<ReportOptions>()),
};

export async function report(store: EventStore, readModels: ReadModels, options: ReportOptions): Promise<number> {
  const runner = readModels.runners.analytics;
  await runner.start();
  // Catch up with what is recorded; bounded, since the store's last event may be in a stream
  // that no read model follows.
  const last = await store.lastPosition();
  let timer: NodeJS.Timeout | undefined;
  if (last !== undefined) {
    await Promise.race([runner.whenHandled(last), new Promise((resolve) => (timer = setTimeout(resolve, CATCH_UP_MS)))]);
    clearTimeout(timer);
  }
  const filter: AnalyticsFilter = {
    scenarioId: options.scenario,
    simulated: options.simulated === undefined ? undefined : options.simulated === 'yes',
  };
  const summary = summarizeAnalytics(await readModels.analytics.list(filter));
  const scope = filter.scenarioId ?? 'all scenarios';
  console.log(reportText(summary, scope));
  const out = resolve(options.out);
  mkdirSync(out, { recursive: true });
  const svgs = await renderSvgs(chartSpecs(summary, scope));
  for (const [name, svg] of Object.entries(svgs)) writeFileSync(join(out, `${name}.svg`), svg);
  console.log(
    `\ncharts: ${Object.keys(svgs)
      .map((name) => join(out, `${name}.svg`))
      .join(', ')}`,
  );
  return 0;
}
