// What one command of the command line is: its name, how it declares its arguments and options on
// commander, and how it runs. The table in commands.ts lists them; main.ts builds the program.
import type { ReadModels, SnapshotStore } from '@logbook/app-core';
import type { EventStore } from '@logbook/event-store';
import type { Command } from 'commander';

/** The command line's exit codes, shown in its help and the README. */
export const EXIT = {
  ok: 0,
  /** The command ran and found something wrong (a mismatch, a running game decided differently, a game it cannot migrate), or failed. */
  problem: 1,
  /** The command line was wrong: an unknown command or option, a missing or bad value. */
  usage: 2,
  /** The embedded store is held by a running server (or a backup's or restore's target is taken: a file that exists, a folder not empty). */
  storeHeld: 3,
  /** A game named on the command line is not in the store. */
  notFound: 4,
} as const;

export const EXIT_CODES_HELP = `
Exit codes:
  0  done, nothing wrong found
  1  the command found a problem (a read model mismatch, a running game decided differently, a game that cannot be migrated) or failed
  2  the command line was wrong (unknown command or option, missing or bad value)
  3  the store is held by a running Logbook server, or a backup's or restore's target is taken
  4  a game named with --game is not in the store`;

/** What a command opens, opened only when it asks: usage errors never touch the store. */
export interface CliContext {
  store(): EventStore;
  readModels(): ReadModels;
  /** The configured snapshot store (a cache of games' folds), or null when snapshots are off. */
  snapshots(): SnapshotStore | null;
}

export interface CliCommand {
  name: string;
  summary: string;
  /** Adds the command's arguments, options (with their defaults) and help text. */
  declare(command: Command): void;
  /** Runs with what commander parsed (`command.opts()`, `command.processedArgs`); answers the exit code. */
  run(context: CliContext, command: Command): Promise<number>;
}
