// Keeps the README and docs/ honest against the code they describe, checked on the text:
// - every `npm run <script>` (and `npm start`/`npm test`) they show is a script in package.json;
// - every `npm run cli -- <command>` names a command the command line has, and every
//   `npm run bench -- <group>` a group of the benchmark runner;
// - every LOGBOOK_* variable the code reads is in the README's configuration table, and every
//   variable in that table is read by the code;
// - every relative link in README.md and docs/ points to a file that exists, and a link to a
//   heading of a Markdown file (`file.md#heading`) to a heading it has.
// Code and docs drift apart quietly: a renamed script or variable breaks no other test.
import 'reflect-metadata';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { COMMANDS } from '../../apps/cli/src/commands';

const ROOT = resolve(__dirname, '../..');
const read = (path: string): string => readFileSync(path, 'utf8');

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...filesUnder(path, keep));
    } else if (keep(entry.name)) out.push(path);
  }
  return out;
}

const README = join(ROOT, 'README.md');
const DOCS = [README, ...filesUnder(join(ROOT, 'docs'), (name) => name.endsWith('.md'))];
const shown = (path: string): string => relative(ROOT, path);

/** Comments out of TypeScript source, so a variable named only in a comment is not "read". */
const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

// ---- npm scripts -----------------------------------------------------------------------------

/** The scripts a text runs: `npm run <name>`, and the lifecycle shorthands `npm start` / `npm test`. */
export function npmScriptsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\bnpm run ([a-z][\w:.-]*)/g)) found.add(match[1]);
  for (const match of text.matchAll(/\bnpm (start|test|stop|restart)\b/g)) found.add(match[1]);
  return [...found];
}

// ---- the command line's commands --------------------------------------------------------------

/** The commands a text runs through `npm run cli -- <command>`. */
export function cliCommandsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\bnpm run cli -- ([a-z][\w-]*)/g)].map((match) => match[1]))];
}

/** The benchmark groups a text runs through `npm run bench -- <group> …` (flags such as `--profile` aside). */
export function benchGroupsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\bnpm run bench --((?: +[\w-]+)+)/g)) {
    for (const word of match[1].trim().split(/ +/)) if (!word.startsWith('-')) found.add(word);
  }
  return [...found];
}

/** The keys of the benchmark runner's `GROUPS` table, which `npm run bench -- <group>` picks from. */
export function benchGroupsDeclared(runner: string): Set<string> {
  const table = /\bGROUPS\b.*?=\s*\{([\s\S]*?)\n\};/.exec(withoutComments(runner))?.[1] ?? '';
  return new Set([...table.matchAll(/^\s*'?([\w-]+)'?\s*:/gm)].map((match) => match[1]));
}

// ---- configuration -----------------------------------------------------------------------------

/**
 * The LOGBOOK_* variables a source file reads: a property access (`env.LOGBOOK_X`,
 * `process.env.LOGBOOK_X`), a key in brackets or a string literal that is the whole name (a helper
 * called with `'LOGBOOK_X'`), or a declared field of the validated environment (`LOGBOOK_X?: …`).
 * A constant that happens to start with LOGBOOK_ is none of these.
 */
export function variablesRead(source: string): string[] {
  const code = withoutComments(source);
  const found = new Set<string>();
  const patterns = [/\.(LOGBOOK_[A-Z0-9_]+)\b/g, /(['"`])(LOGBOOK_[A-Z0-9_]+)\1/g, /^\s*(?:readonly\s+)?(LOGBOOK_[A-Z0-9_]+)[?!]?:/gm];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[match.length - 1]);
  return [...found];
}

/** The first column of the README's configuration table (`| Variable | Default | Meaning |`). */
export function configurationTable(readme: string): string[] {
  const section = /^## Configuration\s*$([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  const rows = section.split('\n').filter((line) => /^\|\s*`[A-Z][A-Z0-9_]*`\s*\|/.test(line));
  return rows.map((line) => /`([A-Z][A-Z0-9_]*)`/.exec(line)?.[1] ?? '');
}

// ---- links -------------------------------------------------------------------------------------

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown text's headings make (a repeated heading gets -1, -2, … as GitHub does). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const outsideFences = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const match of outsideFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(match[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The targets of a Markdown text's links and images that are neither absolute URLs nor mail. */
export function relativeLinksOf(markdown: string): string[] {
  const outsideFences = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const match of outsideFences.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1];
    if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) targets.push(target);
  }
  return targets;
}

/** What is wrong with one relative link of `from`, or undefined when it holds. */
function brokenLink(from: string, target: string): string | undefined {
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? from : resolve(dirname(from), decodeURIComponent(path));
  if (!existsSync(file)) return `${shown(from)}: ${target}: no such file`;
  if (anchor === undefined || anchor === '' || !file.endsWith('.md') || statSync(file).isDirectory()) return undefined;
  return anchorsOf(read(file)).has(anchor.toLowerCase()) ? undefined : `${shown(from)}: ${target}: no such heading in ${shown(file)}`;
}

// ---- the checks --------------------------------------------------------------------------------

describe('the README and docs/', () => {
  const readme = read(README);

  it('show only npm scripts that package.json has', () => {
    const scripts = Object.keys((JSON.parse(read(join(ROOT, 'package.json'))) as { scripts: Record<string, string> }).scripts);
    const missing = DOCS.flatMap((file) =>
      npmScriptsIn(read(file))
        .filter((name) => !scripts.includes(name))
        .map((name) => `${shown(file)}: npm run ${name}`),
    );
    expect(npmScriptsIn(readme).length).toBeGreaterThan(3);
    expect(missing).toEqual([]);
  });

  it('show only commands that the command line has', () => {
    // The command line's own table (commander adds `help`).
    const declared = new Set(['help', ...COMMANDS.map((command) => command.name)]);
    expect([...declared]).toEqual(expect.arrayContaining(['rebuild', 'verify', 'simulate']));
    const unknown = DOCS.flatMap((file) =>
      cliCommandsIn(read(file))
        .filter((name) => !declared.has(name))
        .map((name) => `${shown(file)}: npm run cli -- ${name}`),
    );
    expect(cliCommandsIn(readme).length).toBeGreaterThan(0);
    expect(unknown).toEqual([]);
  });

  it('show only benchmark groups that the runner has', () => {
    const declared = benchGroupsDeclared(read(join(ROOT, 'bench/run.ts')));
    expect([...declared]).toEqual(expect.arrayContaining(['command-path', 'http', 'seek']));
    const unknown = DOCS.flatMap((file) =>
      benchGroupsIn(read(file))
        .filter((name) => !declared.has(name))
        .map((name) => `${shown(file)}: npm run bench -- ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  describe('the configuration table', () => {
    const table = configurationTable(readme);
    const sources = ['apps', 'libs', 'test', 'bench'].flatMap((dir) =>
      filesUnder(join(ROOT, dir), (name) => /\.(ts|js|mjs)$/.test(name) && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(name)),
    );
    const readBy = new Map<string, string>();
    for (const file of sources) for (const name of variablesRead(read(file))) if (!readBy.has(name)) readBy.set(name, shown(file));

    it('lists every LOGBOOK_* variable the code reads', () => {
      expect(readBy.size).toBeGreaterThan(10);
      const unlisted = [...readBy].filter(([name]) => !table.includes(name)).map(([name, file]) => `${name} (read in ${file})`);
      expect(unlisted).toEqual([]);
    });

    it('lists only LOGBOOK_* variables that the code reads', () => {
      expect(table.filter((name) => name.startsWith('LOGBOOK_') && !readBy.has(name))).toEqual([]);
    });

    it('lists the other variables the server reads', () => {
      expect(table).toEqual(expect.arrayContaining(['PORT', 'HOST', 'NODE_ENV', 'EVENTSTORE_CONNECTION_STRING']));
    });

    it('has each variable once', () => {
      expect(table.filter((name, i) => table.indexOf(name) !== i)).toEqual([]);
    });
  });

  it('link only to files and headings that exist', () => {
    const links = DOCS.flatMap((file) => relativeLinksOf(read(file)).map((target) => ({ file, target })));
    expect(links.length).toBeGreaterThan(5);
    expect(links.map(({ file, target }) => brokenLink(file, target)).filter((problem) => problem !== undefined)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('find a variable read through env, a helper or the validated environment, not a constant', () => {
    const source = [
      "const a = process.env.LOGBOOK_ONE ?? '';",
      "megabytes(env, 'LOGBOOK_TWO', 1);",
      '  LOGBOOK_THREE?: string;',
      "const LOGBOOK_ID_KEY = 'logbookId';",
      '// LOGBOOK_IN_A_COMMENT',
      "throw new Error('LOGBOOK_FOUR: a sentence about it');",
    ].join('\n');
    expect(variablesRead(source).sort()).toEqual(['LOGBOOK_ONE', 'LOGBOOK_THREE', 'LOGBOOK_TWO']);
  });

  it('make GitHub anchors of headings', () => {
    expect([...anchorsOf('# Two commands\n## Undo, redo and legal options [D §11] (`libs/rules/src/history/`)\n## Two commands')]).toEqual([
      'two-commands',
      'undo-redo-and-legal-options-d-11-libsrulessrchistory',
      'two-commands-1',
    ]);
  });

  it('read relative links and leave URLs and code alone', () => {
    expect(relativeLinksOf('[a](docs/a.md#x) ![b](b.png) [c](https://x.org) `[d](d.md)`\n```\n[e](e.md)\n```\n')).toEqual(['docs/a.md#x', 'b.png']);
  });
});
