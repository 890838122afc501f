// Runs render-svg.mjs in a child Node process (Vega is ESM-only) and returns named SVGs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Beside this file when run from source; from the repository when built (tsc copies no .mjs). */
const SCRIPT =
  [join(__dirname, 'render-svg.mjs'), join(process.cwd(), 'libs/app-core/src/charts/render-svg.mjs')].find((p) => existsSync(p)) ??
  join(__dirname, 'render-svg.mjs');

export function renderSvgs(specs: Record<string, unknown>): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`chart rendering failed (${code}): ${err.slice(0, 500)}`));
      try {
        resolve(JSON.parse(out) as Record<string, string>);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    child.stdin.end(JSON.stringify(specs));
  });
}
