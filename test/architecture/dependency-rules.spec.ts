// The dependency rules of the code base, checked on the source text:
// - no file in libs/ imports from apps/ (libraries never depend on an application);
// - apps/cli imports nothing from apps/server (shared code lives in libs/app-core);
// - libs/api-client imports nothing of the server or the other libs: its types come from the
//   OpenAPI document alone, as a third party's would;
// - the rules library's feature folders form no import cycle (shared steps go through the hook
//   tables in decide.ts / evolve.ts / hooks.ts instead of reaching into each other);
// - no two files anywhere in apps/ and libs/ import each other, directly or round a longer
//   circle, type-only imports included (a type both sides need lives in a neutral file of its
//   own): a circle makes load order matter and keeps either file from being read alone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  if (spec.startsWith('.'))
    return relative(ROOT, resolve(dirname(file), spec))
      .split(sep)
      .join('/');
  const alias = /^@logbook\/([^/]+)(?:\/(.*))?$/.exec(spec);
  if (alias) return `libs/${alias[1]}/src${alias[2] ? `/${alias[2]}` : ''}`;
  return undefined;
}

/** The source file an import's target names (`x` → `x.ts`, `x.tsx`, `x/index.ts`...), if any. */
function fileOf(path: string): string | undefined {
  const base = path.replace(/\.js$/, '');
  const candidates = [path, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile());
}

/**
 * The import circles of a graph of files: one shortest circle through each strongly connected
 * component of more than one file (or a file importing itself), each as `a → b → a`, starting
 * from the component's first file in sort order so a report reads the same on every run.
 */
export function importCycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  // Tarjan's strongly connected components, iterative so a deep chain of imports cannot overflow.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: [...(graph.get(node) ?? [])].sort()[Symbol.iterator]() });
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const step = frame.next.next();
      if (!step.done) {
        const next = step.value;
        if (!index.has(next)) open(next);
        else if (onStack.has(next)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(next) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  const cycles: string[] = [];
  for (const component of components) {
    const members = new Set(component);
    const start = [...component].sort()[0];
    if (component.length === 1 && !graph.get(start)?.has(start)) continue;
    // Breadth-first from the start back to it, inside the component: the shortest circle.
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | undefined;
    for (let i = 0; i < queue.length && closing === undefined; i++) {
      for (const next of [...(graph.get(queue[i]) ?? [])].sort()) {
        if (!members.has(next)) continue;
        if (next === start) {
          closing = queue[i];
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, queue[i]);
          queue.push(next);
        }
      }
    }
    const path = [start];
    for (let node = closing; node !== undefined && node !== start; node = previous.get(node)) path.splice(1, 0, node);
    cycles.push([...path, start].join(' → '));
  }
  return cycles.sort();
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

  it('libs/api-client imports nothing of the server or the other libs (a client has only the document)', () => {
    const bad = edges('libs/api-client').filter((e) => e.to !== undefined && !e.to.startsWith('libs/api-client/'));
    expect(bad).toEqual([]);
    expect(edges('libs/api-client').some((e) => e.spec === 'openapi-fetch')).toBe(true);
  });

  it('apps/cli imports nothing from apps/server', () => {
    const bad = edges('apps/cli').filter((e) => e.to?.startsWith('apps/server'));
    expect(bad).toEqual([]);
  });

  it('finds the circles of a graph of files, and only those', () => {
    const graph = (pairs: [string, string][]) => {
      const g = new Map<string, Set<string>>();
      for (const [from, to] of pairs) {
        if (!g.has(from)) g.set(from, new Set());
        g.get(from)?.add(to);
      }
      return g;
    };
    expect(
      importCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
    expect(
      importCycles(
        graph([
          ['b', 'a'],
          ['a', 'b'],
        ]),
      ),
    ).toEqual(['a → b → a']);
    expect(importCycles(graph([['x', 'x']]))).toEqual(['x → x']);
    expect(
      importCycles(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
          ['d', 'e'],
          ['e', 'd'],
        ]),
      ),
    ).toEqual(['a → b → c → a', 'd → e → d']);
  });

  it('no files in apps/ or libs/ import each other in a circle (type-only imports too)', () => {
    const graph = new Map<string, Set<string>>();
    for (const e of [...edges('apps'), ...edges('libs')]) {
      const to = e.to === undefined ? undefined : fileOf(e.to);
      if (to === undefined) continue;
      if (!graph.has(e.from)) graph.set(e.from, new Set());
      graph.get(e.from)?.add(to);
    }
    // The search sees the imports that make the circles' usual homes (a feature's appliers, the
    // page's parts), so a resolver that lost them would not pass quietly.
    expect(graph.get('libs/rules/src/evolve.ts')?.has('libs/rules/src/turn/turn.evolve.ts')).toBe(true);
    expect(graph.get('apps/web/src/game.tsx')?.has('apps/web/src/play.tsx')).toBe(true);
    expect(importCycles(graph)).toEqual([]);
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
