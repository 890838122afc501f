// Builds the browser page into dist/web (or the folder given): one bundle, one stylesheet and
// index.html. `npm run build:web` runs it; the browser tests call buildWeb() into a temp folder.
'use strict';
const { build } = require('esbuild');
const { copyFileSync, mkdirSync } = require('node:fs');
const { join, resolve } = require('node:path');

const src = join(__dirname, 'src');

async function buildWeb(outdir = resolve(__dirname, '../../dist/web'), { minify = true } = {}) {
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: { app: join(src, 'main.tsx') },
    outdir,
    bundle: true,
    format: 'esm',
    target: ['es2020'],
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: join(__dirname, 'tsconfig.json'),
  });
  copyFileSync(join(src, 'index.html'), join(outdir, 'index.html'));
  copyFileSync(join(src, 'styles.css'), join(outdir, 'styles.css'));
  return outdir;
}

module.exports = { buildWeb };

if (require.main === module) {
  buildWeb(process.argv[2] ? resolve(process.argv[2]) : undefined).then(
    (dir) => console.log(`web page built into ${dir}`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
