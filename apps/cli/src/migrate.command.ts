// `npm run cli -- migrate --game <id>`: moves a game frozen by a rules change to today's rules.
// Its log is decided again; when an action decides differently, every effective action from that
// one on is taken back (ActionUndone actions of the migration), then `GameMigrated` records the
// versions, the action where the rules part and how many were taken back. The game goes on from
// the last action both rules decide the same, and replays under today's rules from then on.
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '@logbook/event-store';
import { effectiveState, gameStreamId, logRulesVersion, planMigration, redecide } from '@logbook/game-log';
import { isGameOver, rulesVersion } from '@logbook/rules';
import { EXIT, type CliCommand } from './cli-command';
import { whereItDiffers } from './revalidate';

export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: "move a game to today's rules: take back what they decide differently, record GameMigrated; exit 1 if it cannot be",
  declare: (command) =>
    command
      .requiredOption('--game <id>', 'the game to migrate')
      .addHelpText(
        'after',
        "\nA game today's rules decide the same is only marked as decided under them. A finished game, one recorded before" +
          "\ncommands were kept, or one whose start today's rules decide differently cannot be migrated (exit 1): fork it instead.",
      ),
  run: async (context, command) => {
    const { game: gameId } = command.opts<{ game: string }>();
    const store = context.store();
    const stream = await store.readStream(gameStreamId(gameId));
    if (stream.status !== 'ok') {
      console.error(`logbook: game ${gameId} is not in the store`);
      return EXIT.notFound;
    }
    const today = rulesVersion();
    const events = stream.events;
    const from = logRulesVersion(events);
    if (from === today) {
      console.log(`game ${gameId}: already decided under today's rules (${today}): nothing to migrate`);
      return EXIT.ok;
    }
    if (isGameOver(effectiveState(events).status)) {
      console.error(`logbook: game ${gameId} is over: a finished game is a record and stays as recorded (fork it to play on)`);
      return EXIT.problem;
    }
    const plan = planMigration(events, { gameId, toVersion: today, migrationId: `migrate-${randomUUID()}`, recordedAt: new Date().toISOString() });
    if (!plan.ok) {
      console.error(`logbook: game ${gameId} cannot be migrated: ${plan.reason}`);
      return EXIT.problem;
    }
    const last = events[events.length - 1]?.revision ?? -1;
    try {
      await store.append(gameStreamId(gameId), plan.events, last);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      console.error(`logbook: game ${gameId} moved on while it was being migrated: run migrate again`);
      return EXIT.problem;
    }
    // What was written must itself decide the same under today's rules, or the game stays frozen.
    const after = await store.readStream(gameStreamId(gameId));
    const check = after.status === 'ok' ? redecide(after.events) : undefined;
    const { divergence } = plan;
    const moved = `game ${gameId}: migrated from rules ${from ?? 'unversioned'} to ${today}`;
    console.log(
      divergence
        ? `${moved}: ${whereItDiffers(divergence, plan.actions)} decides differently today (${divergence.reason}); ` +
            `took back ${plan.migrated.takenBack} actions, the game goes on at revision ${last + plan.events.length}`
        : `${moved}: every action decides the same today, nothing taken back`,
    );
    if (check && !check.ok) {
      console.error(`logbook: the migrated log still decides differently at ${whereItDiffers(check.divergence, check.actions)}: ${check.divergence.reason}`);
      return EXIT.problem;
    }
    return EXIT.ok;
  },
};
