// Every command of the command line, one entry each; main.ts builds the program from this table.
import { backupCommand } from './backup.command';
import type { CliCommand } from './cli-command';
import { eraseCommand } from './erase.command';
import { migrateCommand } from './migrate.command';
import { rebuildCommand, verifyCommand } from './read-models.command';
import { reportCommand } from './report.command';
import { restoreCommand } from './restore.command';
import { revalidateCommand } from './revalidate';
import { simulateCommand } from './simulate.command';

export const COMMANDS: readonly CliCommand[] = [
  rebuildCommand,
  verifyCommand,
  revalidateCommand,
  migrateCommand,
  simulateCommand,
  reportCommand,
  backupCommand,
  restoreCommand,
  eraseCommand,
];
