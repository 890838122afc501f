// Compiles the server, the libraries and these benches to plain JavaScript once (swc, with the
// decorator metadata Nest's injection needs), so the measured processes run what production
// runs: no TypeScript compiler loaded in them (`-r @swc-node/register` alone adds ~75 MB RSS
// and compiles on first require). Output: dist/bench (git-ignored); @logbook/* imports are
// rewritten to relative paths.
import { transformFileSync } from '@swc/core';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
export const COMPILED = join(ROOT, 'dist', 'bench');
const SKIP = /\.(spec|int-spec|e2e-spec)\.ts$/;
const ALIAS = /(require\(["'])@logbook\/(rules|content|event-store|projections|game-log|app-core)(\/[^"']*)?(["']\))/g;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compiles apps/, libs/ and bench/ into dist/bench; returns the output folder. */
export function compileForBench(): string {
  rmSync(COMPILED, { recursive: true, force: true });
  for (const top of ['apps', 'libs', 'bench']) {
    for (const source of files(join(ROOT, top))) {
      const target = join(COMPILED, relative(ROOT, source));
      mkdirSync(dirname(target), { recursive: true });
      if (source.endsWith('.json')) {
        copyFileSync(source, target);
        continue;
      }
      if (!source.endsWith('.ts') || source.endsWith('.d.ts') || SKIP.test(source)) continue;
      const { code } = transformFileSync(source, {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
        },
        module: { type: 'commonjs' },
        sourceMaps: false,
      });
      const rewritten = code.replace(ALIAS, (_all, open: string, lib: string, sub: string | undefined, close: string) => {
        let path = relative(dirname(target), join(COMPILED, 'libs', lib, 'src', sub ?? ''));
        if (!path.startsWith('.')) path = `./${path}`;
        return `${open}${path}${close}`;
      });
      writeFileSync(target.replace(/\.ts$/, '.js'), rewritten);
    }
  }
  return COMPILED;
}

if (require.main === module) console.log(compileForBench());
