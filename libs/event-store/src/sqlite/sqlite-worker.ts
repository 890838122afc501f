import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Compiled (dist/…/name.js) a worker is a file of its own. Run from the TypeScript sources
 * (tests, the bench, the CLI through @swc-node/register) it registers the same loader first.
 */
export function startSqliteWorker(name: string, workerData: unknown): Worker {
  const entry = join(__dirname, `${name}${extname(__filename)}`);
  if (extname(__filename) !== '.ts') return new Worker(entry, { workerData });
  // The loader found from here, not from the working directory (the command line runs from anywhere).
  const code = `require(${JSON.stringify(require.resolve('@swc-node/register'))}); require(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true, workerData });
}
