// The HTTP server under Nest: Fastify (its router and request handling cost a quarter of
// Express's CPU per request; README, "Performance of the command path"). What Express gave for free
// and the API relies on is set up here: JSON bodies bounded in size and depth and free of prototype
// keys, "send JSON" for anything else, JSON lines for imports, and 304 answers to If-None-Match.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { toProblem } from './problem.filter';
import { MAX_JSON_BYTE_COUNT, NDJSON_TYPES, parseJsonBody, requireJson } from './json-body';

/** The largest export file an import reads. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/** The adapter every Logbook application is created with (main.ts, the tests, the benches). */
export const httpAdapter = (): FastifyAdapter =>
  new FastifyAdapter({
    bodyLimit: MAX_JSON_BYTE_COUNT,
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
  fastify.addHook('onRequest', (req: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => done(requireJson(req)));
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
