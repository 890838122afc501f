// Browser specs: the real Nest app listening on a loopback port (temporary SQLite files, seeded
// random source), the page built with esbuild into a temporary folder and served by that app,
// and Debian's Chromium driven by playwright-core.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { gameStreamId, toDomainEvent } from '@logbook/game-log';
import { foldEvents, type GameState } from '@logbook/rules';
import { startApp, type TestApp } from '../../support/app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildWeb } = require('../../../apps/web/build.js') as { buildWeb(outdir: string, options?: { minify?: boolean }): Promise<string> };

export const CHROMIUM = process.env.LOGBOOK_CHROMIUM ?? '/usr/bin/chromium';
/**
 * Where screenshots go: test-results/screenshots (ignored by git) unless LOGBOOK_SCREENSHOTS
 * names a folder; `npm run screenshots` points it at docs/screenshots, which the README shows.
 */
export const SCREENSHOTS = resolve(process.env.LOGBOOK_SCREENSHOTS ?? join(__dirname, '../../../test-results/screenshots'));

export interface BrowserHarness {
  app: TestApp;
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (its own storage) and page, at a 1280×800 window unless told. */
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** The game's whole state as the server folds it, hidden parts included (for leak checks). */
  serverState(gameId: string): Promise<GameState>;
  close(): Promise<void>;
}

export async function startBrowserHarness(): Promise<BrowserHarness> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium (what .ci/run does), or set LOGBOOK_CHROMIUM`);
  }
  const webDir = mkdtempSync(join(tmpdir(), 'logbook-web-'));
  await buildWeb(webDir, { minify: false });
  process.env.LOGBOOK_WEB_DIR = webDir;
  const app = await startApp();
  await app.app.listen(0, '127.0.0.1');
  const { port } = app.app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
  const contexts: BrowserContext[] = [];
  return {
    app,
    baseUrl,
    browser,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ viewport, baseURL: baseUrl, reducedMotion: 'reduce' });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      // A page error is a failed test, not a silent blank page.
      page.on('pageerror', (error) => {
        throw error;
      });
      return { context, page };
    },
    async serverState(gameId) {
      const store = app.app.get<EventStore>(EVENT_STORE);
      const result = await store.readStream(gameStreamId(gameId));
      if (result.status === 'stream_not_found') throw new Error(`no stream for ${gameId}`);
      return foldEvents(result.events.map(toDomainEvent));
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await app.dispose();
      delete process.env.LOGBOOK_WEB_DIR;
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Where a ship stands and faces on the page's board. */
export async function shipOnPage(page: Page, shipId: string): Promise<{ hex: string; facing: string }> {
  const ship = page.locator(`svg.board [data-ship="${shipId}"]`);
  return { hex: (await ship.getAttribute('data-hex'))!, facing: (await ship.getAttribute('data-facing'))! };
}
