// `erase --subject <s>`: forgets a subject's personal-data key and rewrites the read-model rows of
// the games that named it (a server's caches are its own: stop the servers first, or erase
// through the server, which drops them).
import { personalDataVaultOf, seatNamesNow } from '@logbook/game-log';
import { EXIT, type CliCommand } from './cli-command';

const SUBJECT = /^(player|seat):[\x21-\x7e]{1,200}$/;

export const eraseCommand: CliCommand = {
  name: 'erase',
  summary: 'forget a subject\'s personal data (its key): "player:<id>" or "seat:<gameId>:<seat>" reads as "erased player" everywhere',
  declare: (command) => command.requiredOption('--subject <subject>', 'player:<playerId> or seat:<gameId>:<seat>'),
  run: async (context, command) => {
    const { subject } = command.opts<{ subject: string }>();
    if (!SUBJECT.test(subject)) {
      console.error('logbook: --subject must be player:<playerId> or seat:<gameId>:<seat>');
      return EXIT.usage;
    }
    const store = context.store();
    const vault = personalDataVaultOf(store);
    if (!vault) throw new Error('The store was opened without its personal-data keys');
    await vault.forget(subject);
    const games = await vault.gamesOf(subject);
    const readModels = context.readModels();
    // A snapshot holds the names as they read when it was folded: dropped, the game folds its log again.
    const snapshots = context.snapshots();
    for (const gameId of games) {
      snapshots?.delete(gameId);
      const names = await seatNamesNow(store, gameId);
      if (names) await readModels.refreshNames(gameId, names);
    }
    console.log(`erase: ${subject} forgotten; ${games.length} game(s) now show "erased player" in its place`);
    return EXIT.ok;
  },
};
