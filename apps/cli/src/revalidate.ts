// `npm run cli -- revalidate [--game <id>]`: decides every stored game's recorded commands again
// under today's rules, with the draws they recorded, and reports per game the first action that
// today's rules decide differently: what a rules change would break in real games.
import type { EventStore } from '@logbook/event-store';
import { gameStreamId, redecide } from '@logbook/game-log';
import { EXIT, type CliCommand } from './cli-command';
import { storedGameIds } from './stored-games';

export interface RevalidateSummary {
  games: number;
  ok: number;
  differ: number;
  unrecorded: number;
}

export const revalidateCommand: CliCommand = {
  name: 'revalidate',
  summary: "decide every recorded command again under today's rules (with its recorded draws); exit 1 if a game differs",
  declare: (command) =>
    command
      .option('--game <id>', 'only this game (default: every stored game)')
      .addHelpText('after', '\nPrints per game the first action decided differently today, then a summary.'),
  run: async (context, command) => {
    const { game } = command.opts<{ game?: string }>();
    const store = context.store();
    // One named game that is not there is a wrong name, not a game that differs: no summary.
    if (game !== undefined && (await store.readStream(gameStreamId(game), { maxCount: 1 })).status !== 'ok') {
      console.error(`logbook: game ${game} is not in the store`);
      return EXIT.notFound;
    }
    const summary = await revalidate(store, game === undefined ? {} : { gameId: game }, (line) => console.log(line));
    return summary.differ === 0 ? EXIT.ok : EXIT.problem;
  },
};

export async function revalidate(store: EventStore, options: { gameId?: string }, print: (line: string) => void): Promise<RevalidateSummary> {
  const gameIds = options.gameId ? [options.gameId] : await storedGameIds(store);
  const summary: RevalidateSummary = { games: 0, ok: 0, differ: 0, unrecorded: 0 };
  for (const gameId of gameIds) {
    const stream = await store.readStream(gameStreamId(gameId));
    if (stream.status !== 'ok') {
      print(`game ${gameId}: not found`);
      summary.differ += 1;
      continue;
    }
    summary.games += 1;
    const result = redecide(stream.events);
    if (result.ok) {
      summary.ok += 1;
      print(`game ${gameId}: ok (${result.actions} actions, ${stream.events.length} events)`);
      continue;
    }
    const d = result.divergence;
    const where = `action ${d.actionIndex + 1} of ${result.actions} (commandId ${d.actionId}${d.commandType ? `, ${d.commandType}` : ''}) at revision ${d.revision}`;
    if (d.kind === 'unrecorded') {
      summary.unrecorded += 1;
      print(`game ${gameId}: cannot be checked from ${where}: ${d.reason}`);
    } else {
      summary.differ += 1;
      print(`game ${gameId}: DIFFERS at ${where}: ${d.reason}`);
    }
  }
  print(
    `revalidated ${summary.games} games: ${summary.ok} ok, ${summary.differ} decided differently today, ${summary.unrecorded} recorded before commands were kept`,
  );
  return summary;
}
