// The dependency rules of the code base, checked on the source text:
// - no file in libs/ imports from apps/ (libraries never depend on an application);
// - apps/cli imports nothing from apps/server (shared code lives in libs/app-core);
// - the rules library's feature folders form no import cycle (shared steps go through the hook
//   tables in decide.ts / evolve.ts / hooks.ts instead of reaching into each other).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(path));
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module specifier a file imports (static, re-exports, require, dynamic import). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec !== undefined) found.push(spec);
  }
  return found;
}

/** The repository-relative path an import points to, or undefined for a package. */
function target(file: string, spec: string): string | undefined {
  if (spec.startsWith('.')) return relative(ROOT, resolve(dirname(file), spec)).split(sep).join('/');
  const alias = /^@logbook\/([^/]+)(?:\/(.*))?$/.exec(spec);
  if (alias) return `libs/${alias[1]}/src${alias[2] ? `/${alias[2]}` : ''}`;
  return undefined;
}

const edges = (dir: string) =>
  sourceFiles(join(ROOT, dir)).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).map((spec) => ({ from: relative(ROOT, file).split(sep).join('/'), to: target(file, spec), spec })),
  );

describe('dependency rules', () => {
  it('reads imports of every form', () => {
    expect(importsOf(`import a from './a';\nimport type { B } from "../b";\nexport * from './c';\nconst d = require('./d');\nimport('./e');`)).toEqual([
      './a',
      '../b',
      './c',
      './d',
      './e',
    ]);
  });

  it('no file in libs/ imports from apps/', () => {
    const bad = edges('libs').filter((e) => e.to?.startsWith('apps/'));
    expect(bad).toEqual([]);
  });

  it('apps/cli imports nothing from apps/server', () => {
    const bad = edges('apps/cli').filter((e) => e.to?.startsWith('apps/server'));
    expect(bad).toEqual([]);
  });

  it("the rules' feature folders form no import cycle", () => {
    const RULES = 'libs/rules/src/';
    const folderOf = (path: string): string | undefined => {
      if (!path.startsWith(RULES)) return undefined;
      const rest = path.slice(RULES.length).split('/');
      return rest.length > 1 && rest[0] !== 'testing' ? rest[0] : undefined;
    };
    const graph = new Map<string, Set<string>>();
    for (const e of edges('libs/rules/src')) {
      if (/\.(spec|int-spec)\.ts$/.test(e.from) || e.from.includes('/testing/') || e.to === undefined) continue;
      const from = folderOf(e.from);
      const to = folderOf(e.to);
      if (from === undefined || to === undefined || from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)?.add(to);
    }
    expect(graph.size).toBeGreaterThan(0);
    // Depth-first search for a back edge; report the cycle found.
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, path: string[]): void => {
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(node, 'done');
    };
    for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, [node]);
    expect(cycles).toEqual([]);
  });
});
