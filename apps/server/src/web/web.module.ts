// Serves the browser page (apps/web, built into dist/web by `npm run build:web`) at `/`.
// Only files that exist are served (@fastify/static makes a route per file found at start-up), so no API route
// (/games, /health, /docs, /openapi.json, /analytics, /scenarios, …) is ever shadowed.
//
// Registered when the module starts rather than through @nestjs/serve-static: that package picks
// its HTTP loader while the module graph compiles, before a testing module has an HTTP adapter,
// and then serves nothing in the e2e tests.
import { Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EdgeRouteConfig } from '../http/edge-route';

/**
 * Where the built page is: `LOGBOOK_WEB_DIR` when set (the browser tests build into a temporary
 * folder), else dist/web beside the compiled server (npm start) or under the working copy (the
 * server run from source).
 */
export function webDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.LOGBOOK_WEB_DIR) return resolve(env.LOGBOOK_WEB_DIR);
  const candidates = [join(__dirname, '../../../../web'), join(__dirname, '../../../../dist/web'), join(process.cwd(), 'dist/web')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

@Injectable()
class WebPage implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const root = webDir();
    const adapter = this.adapterHost.httpAdapter;
    if (!adapter || adapter.getType() !== 'fastify') return;
    if (!root || !existsSync(join(root, 'index.html'))) {
      Logger.warn('The browser page is not built (npm run build:web): GET / answers 404', 'WebModule');
      return;
    }
    const app = adapter.getInstance<FastifyInstance>();
    // In a scope of its own, so that the budget is given to the page's routes and to no other.
    void app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...(route.config as EdgeRouteConfig | undefined), rateBudget: 'reads' } satisfies EdgeRouteConfig;
      });
      await scope.register(fastifyStatic, {
        root,
        index: 'index.html',
        // A route per file there now (`/` for index.html): every other path stays the API's.
        wildcard: false,
        redirect: false,
        serveDotFiles: false,
        dotfiles: 'ignore',
        decorateReply: false,
        setHeaders: (reply: FastifyReply) => {
          // The page keeps a seat token only in the URL fragment; send no page address anywhere.
          reply.header('Referrer-Policy', 'no-referrer');
          reply.header('X-Content-Type-Options', 'nosniff');
        },
      });
    });
  }
}

@Module({ providers: [WebPage] })
export class WebModule {}
