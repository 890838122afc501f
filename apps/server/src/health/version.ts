import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cached: string | undefined;

/** The version in the project's package.json (found upwards from here, in src and in dist). */
export function serverVersion(): string {
  if (cached !== undefined) return cached;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'logbook') return (cached = pkg.version ?? 'unknown');
    }
    if (dirname(dir) === dir) return (cached = 'unknown');
  }
}
