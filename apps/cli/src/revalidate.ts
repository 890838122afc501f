// `npm run cli -- revalidate [--game <id>]`: decides every stored game's recorded commands again
// under today's rules, with the draws they recorded, and reports per game the first action that
// today's rules decide differently, then per rules version the games recorded under it: what a
// rules change would break in real games. The deploy gate: it exits 1 when a running game would
// be frozen by a server running these rules (a finished game is a record: it stays as it is).
import type { EventStore } from '@logbook/event-store';
import { effectiveState, gameStreamId, logRulesVersion, redecide, type Divergence } from '@logbook/game-log';
import { isGameOver, rulesVersion } from '@logbook/rules';
import { EXIT, type CliCommand } from './cli-command';
import { storedGameIds } from './stored-games';

export interface RevalidateSummary {
  games: number;
  ok: number;
  differ: number;
  /** Of `differ`, the games still being played: a server with today's rules freezes them. */
  runningDiffer: number;
  unrecorded: number;
  /** Per rules version recorded (`unversioned`: before versions were kept), the same counts. */
  versions: Map<string, { games: number; ok: number; differ: number; runningDiffer: number; unrecorded: number }>;
}

/** How a game recorded before rules versions were kept is counted. */
const UNVERSIONED = 'unversioned';

export const revalidateCommand: CliCommand = {
  name: 'revalidate',
  summary: "decide every recorded command again under today's rules (with its recorded draws); exit 1 if a running game differs (the deploy gate)",
  declare: (command) =>
    command
      .option('--game <id>', 'only this game (default: every stored game)')
      .addHelpText(
        'after',
        '\nPrints per game the first action decided differently today, then per rules version the games recorded under it.' +
          '\nExit 1 when a running game differs: a server with these rules would freeze it until `migrate` (a finished one stays as recorded).',
      ),
  run: async (context, command) => {
    const { game } = command.opts<{ game?: string }>();
    const store = context.store();
    // One named game that is not there is a wrong name, not a game that differs: no summary.
    if (game !== undefined && (await store.readStream(gameStreamId(game), { maxCount: 1 })).status !== 'ok') {
      console.error(`logbook: game ${game} is not in the store`);
      return EXIT.notFound;
    }
    const summary = await revalidate(store, game === undefined ? {} : { gameId: game }, (line) => console.log(line));
    return summary.runningDiffer === 0 ? EXIT.ok : EXIT.problem;
  },
};

/** Where a divergence is, in the words every command of the command line uses. */
export const whereItDiffers = (d: Divergence, actions: number): string =>
  `action ${d.actionIndex + 1} of ${actions} (commandId ${d.actionId}${d.commandType ? `, ${d.commandType}` : ''}) at revision ${d.revision}`;

export async function revalidate(store: EventStore, options: { gameId?: string }, print: (line: string) => void): Promise<RevalidateSummary> {
  const gameIds = options.gameId ? [options.gameId] : await storedGameIds(store);
  const summary: RevalidateSummary = { games: 0, ok: 0, differ: 0, runningDiffer: 0, unrecorded: 0, versions: new Map() };
  const today = rulesVersion();
  for (const gameId of gameIds) {
    const stream = await store.readStream(gameStreamId(gameId));
    if (stream.status !== 'ok') {
      print(`game ${gameId}: not found`);
      summary.differ += 1;
      continue;
    }
    summary.games += 1;
    const version = logRulesVersion(stream.events) ?? UNVERSIONED;
    let counts = summary.versions.get(version);
    if (!counts) summary.versions.set(version, (counts = { games: 0, ok: 0, differ: 0, runningDiffer: 0, unrecorded: 0 }));
    counts.games += 1;
    const result = redecide(stream.events);
    if (result.ok) {
      summary.ok += 1;
      counts.ok += 1;
      print(`game ${gameId}: ok (${result.actions} actions, ${stream.events.length} events)`);
      continue;
    }
    const d = result.divergence;
    const where = whereItDiffers(d, result.actions);
    if (d.kind === 'unrecorded') {
      summary.unrecorded += 1;
      counts.unrecorded += 1;
      print(`game ${gameId}: cannot be checked from ${where}: ${d.reason}`);
      continue;
    }
    summary.differ += 1;
    counts.differ += 1;
    print(`game ${gameId}: DIFFERS at ${where}: ${d.reason}`);
    // The state the log folds to says whether it is still played (the divergence's is only a prefix's).
    if (isGameOver(foldedStatus(stream.events))) {
      print(`  finished: it stays as recorded (rules ${version})`);
    } else {
      summary.runningDiffer += 1;
      counts.runningDiffer += 1;
      print(`  running: a server with these rules freezes it until an operator migrates it (npm run cli -- migrate --game ${gameId}) (rules ${version})`);
    }
  }
  for (const [version, c] of summary.versions) {
    print(
      `rules ${version}${version === today ? " (today's)" : ''}: ${c.games} games, ${c.ok} ok, ${c.differ} decided differently today (${c.runningDiffer} running), ${c.unrecorded} recorded before commands were kept`,
    );
  }
  print(
    `revalidated ${summary.games} games: ${summary.ok} ok, ${summary.differ} decided differently today (${summary.runningDiffer} running), ${summary.unrecorded} recorded before commands were kept`,
  );
  return summary;
}

/** The status of the game a whole log folds to (effective history); a log that does not fold counts as running, the gate's safe side. */
function foldedStatus(events: Parameters<typeof effectiveState>[0]): ReturnType<typeof effectiveState>['status'] {
  try {
    return effectiveState(events).status;
  } catch {
    return 'active';
  }
}
