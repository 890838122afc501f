// The HTTP server under Nest: Fastify (its router and request handling cost a quarter of
// Express's CPU per request; README, "Performance of the command path"). What Express gave for free
// and the API relies on is set up here: JSON bodies bounded in size and depth and free of prototype
// keys, "send JSON" for anything else, JSON lines for imports, and 304 answers to If-None-Match.
// What each route declares (edge-route.ts: its rate budget, its body and limit, operators only) is
// enforced here too, in onRoute and onRequest hooks, before any body is read.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ConfigService } from '@nestjs/config';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@logbook/app-core';
import { toProblem } from './problem.filter';
import { BodyRefusedError, MAX_JSON_BYTE_COUNT, NDJSON_TYPES, NO_BODY_BYTES, bodyKindProblem, parseJsonBody, requireJson } from './json-body';
import type { EdgeRouteConfig } from './edge-route';
import { RATE_BUDGETS, RateBudgets, RateLimitedError, type RateBudgetName } from './rate-limits';
import { OperatorRequiredError } from '../games/game.errors';
import { isOperator } from '../games/operator-token';

/** The largest export file an import reads. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/**
 * Routes that plugins register (the contract's page and document, @nestjs/swagger's assets), by
 * path: they carry no Nest decorators, so their budget is named here. The browser page's files
 * are given theirs where web.module.ts registers them.
 */
const PLUGIN_ROUTE_BUDGETS: ReadonlyArray<[RegExp, RateBudgetName]> = [
  [/^\/docs(\/|$)/, 'reads'],
  [/^\/openapi\.(json|yaml)$/, 'reads'],
];

/** A route as Fastify registered it, with what it declared to the edge (for the route-table test). */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: EdgeRouteConfig;
}

/** The options of each route registered, as onRoute hooks receive them (a scope's own hooks run after the root's). */
const ROUTES = new WeakMap<FastifyInstance, RouteOptions[]>();

/** Every route the application's Fastify instance registered, with its configuration once every onRoute hook ran. */
export const registeredRoutes = (fastify: FastifyInstance): RegisteredRoute[] =>
  (ROUTES.get(fastify) ?? []).flatMap((route) =>
    [route.method].flat().map((method) => ({ method, url: route.url, config: (route.config ?? {}) as EdgeRouteConfig })),
  );

/** Whether the request comes with a body (which a refusal should not wait to read). */
const hasBody = (req: FastifyRequest): boolean =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** The adapter every Logbook application is created with (main.ts, the tests, the benches). */
export const httpAdapter = (): FastifyAdapter =>
  new FastifyAdapter({
    // Each route sets its own (edgeRoute); this is what a request no route matched may send.
    bodyLimit: NO_BODY_BYTES,
    // As Express routed: `/games/` is `/games`; a long id reaches the handler (a 400, not a 404).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // Request ids, logging and errors are Nest's and pino's (request-log.ts, problem.filter.ts).
    logger: false,
    // What Fastify refuses before routing (a malformed URL) leaves as problem+json too.
    frameworkErrors: (error: Error, _req: unknown, reply: FastifyReply) => {
      const body = toProblem(error) ?? { type: '/problems/invalid-request', title: 'bad request', status: 400, detail: 'The request is malformed' };
      void reply.status(body.status).type('application/problem+json').send(JSON.stringify(body));
    },
  });

/** Options for NestFactory.create / createNestApplication: the body parsers are ours (below). */
export const APP_OPTIONS = { bodyParser: false } as const;

/** A weak or strong ETag list (`If-None-Match`) naming `etag` (or `*`). */
export const etagMatches = (ifNoneMatch: string, etag: string): boolean => {
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === wanted);
};

/** Body parsers, the JSON-only rule and conditional GETs on the application's Fastify instance. */
export function configureFastify(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  const budgets = app.get(RateBudgets);
  const adminToken = app.get(ConfigService).get<AppConfig['adminToken']>('adminToken');
  const routes: RouteOptions[] = [];
  ROUTES.set(fastify, routes);
  // Each route's declarations (edgeRoute) become Fastify's own: its body limit, read before the body is.
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as EdgeRouteConfig;
    const budget = config.rateBudget ?? PLUGIN_ROUTE_BUDGETS.find(([path]) => path.test(route.url))?.[1];
    if (budget !== undefined && config.rateBudget === undefined) route.config = { ...config, rateBudget: budget } as never;
    route.bodyLimit = config.bodyLimit ?? NO_BODY_BYTES;
    routes.push(route);
  });
  /**
   * What the edge refuses before a body is read: a spent budget (429), a body that is not JSON
   * (400), JSON lines outside an import or JSON on it (415/400), an operator's route without the
   * operator's token (401/403). A request no route matched spends the cheap reads' budget.
   */
  const edgeRefusal = (req: FastifyRequest): Error | undefined => {
    const config = (req.routeOptions.config ?? {}) as EdgeRouteConfig;
    const budget = config.rateBudget ?? 'reads';
    const limited = budgets.admit(budget, req.ip, RATE_BUDGETS[budget].unit === 'bytes' ? 0 : 1);
    if (limited) return limited;
    const refused: BodyRefusedError | undefined = requireJson(req) ?? bodyKindProblem(req, config.body ?? 'json');
    if (refused) return refused;
    if (config.operatorOnly !== undefined && !isOperator(req.headers.authorization, adminToken)) {
      return new OperatorRequiredError(config.operatorOnly, Boolean(req.headers.authorization));
    }
    return undefined;
  };
  // Through Nest, so it does not add its own JSON parser at init.
  const json = (_req: unknown, body: string | Buffer, done: (error: Error | null, parsed?: unknown) => void) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error);
    }
  };
  app.useBodyParser('application/json', { bodyLimit: MAX_JSON_BYTE_COUNT }, json);
  fastify.addContentTypeParser(/^application\/[^;\s]+\+json/i, { parseAs: 'buffer', bodyLimit: MAX_JSON_BYTE_COUNT }, json);
  // An export to import: the route reads the text itself.
  fastify.addContentTypeParser([...NDJSON_TYPES], { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_req, body, done) => done(null, body));
  // Any other body (on a read: writes were refused already) is not read, as Express left it.
  fastify.addContentTypeParser('*', (_req, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null, undefined));
    payload.on('error', (error) => done(error));
  });
  fastify.removeContentTypeParser('text/plain');
  fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const error = edgeRefusal(req);
    if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
    // The body is never read: close the connection rather than drain it for the next request.
    if (error !== undefined && hasBody(req)) reply.header('Connection', 'close');
    done(error);
  });
  // A GET whose ETag the client holds is a 304 without a body (as Express's `req.fresh` did).
  fastify.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch === undefined || (req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload);
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string' || !etagMatches(ifNoneMatch, etag)) return done(null, payload);
    reply.code(304);
    reply.removeHeader('content-length');
    reply.removeHeader('content-type');
    done(null, '');
  });
}
