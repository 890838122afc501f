// Every answer an e2e spec receives is checked against the app's own OpenAPI document: its status
// is documented for the operation, its required headers are sent, and its body matches the
// documented schema of its media type (JSON whole, JSON lines line by line, server-sent events
// message by message). A field added, renamed or left out fails the spec that saw it.
import type { INestApplication } from '@nestjs/common';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ServerResponse } from 'node:http';
import { buildOpenApiDocument } from '../../apps/server/src/openapi/openapi';

/* eslint-disable @typescript-eslint/no-explicit-any -- an OpenAPI document is read at any depth */
type Doc = any;

/** What the server sent, as the client received it. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** false when the client went away first (a live feed closed, an export cut short): the last part may be cut. */
  complete: boolean;
}

/** Routes that are not the API: the page and its files (at the root), the document and its browser (/docs). */
const NOT_API = /^\/(docs(\/.*)?|openapi\.json|[^/]*\.(js|css|html|map))?$/;

export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly routes: Array<{ template: string; pattern: RegExp; operations: Record<string, any> }>;

  constructor(readonly document: Doc) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
    this.routes = Object.entries(document.paths as Record<string, Record<string, any>>)
      .map(([template, operations]) => ({
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        operations,
      }))
      // A literal segment wins over a parameter: /games/import before /games/{gameId}.
      .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  }

  private validator(schema: unknown): ValidateFunction {
    const text = JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/');
    let validate = this.validators.get(text);
    if (!validate) this.validators.set(text, (validate = this.ajv.compile(JSON.parse(text) as object)));
    return validate;
  }

  private errorsOf(schema: unknown, value: unknown, where: string): string[] {
    const validate = this.validator(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 8).map((e) => `${where}${e.instancePath || '/'} ${e.message ?? ''} ${e.params ? JSON.stringify(e.params) : ''}`);
  }

  /** What in this exchange the document does not say (empty when it matches). */
  check(exchange: Exchange): string[] {
    // The router serves /games/ as /games (ignoreTrailingSlash).
    const path = (exchange.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    const method = exchange.method.toLowerCase() === 'head' ? 'get' : exchange.method.toLowerCase();
    const at = `${exchange.method} ${exchange.url.slice(0, 120)} → ${exchange.status}`;
    const route = this.routes.find((r) => r.pattern.test(path) && r.operations[method]);
    if (!route) {
      if (NOT_API.test(path) && exchange.status < 400) return [];
      // Not a route of the API: still answered as every error is.
      if (exchange.status < 400) return [`${at}: not an operation of the document`];
      return this.body({ content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } }, exchange, at);
    }
    const operation = route.operations[method];
    const response = operation.responses[String(exchange.status)] ?? operation.responses.default;
    if (!response) return [`${at}: status ${exchange.status} is not documented for ${method.toUpperCase()} ${route.template}`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, any>)) {
      if (header.required && exchange.headers[name.toLowerCase()] === undefined) problems.push(`${at}: the ${name} header is missing`);
    }
    return [...problems, ...this.body(response, exchange, at)];
  }

  private body(response: any, exchange: Exchange, at: string): string[] {
    if (exchange.method.toLowerCase() === 'head') return [];
    if (!response.content) return exchange.body.length === 0 ? [] : [`${at}: a body where the document has none`];
    const type = String(exchange.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const media = response.content[type];
    if (!media) return [`${at}: content type "${type}" is not documented (${Object.keys(response.content).join(', ')})`];
    const text = exchange.body;
    if (type === 'application/x-ndjson') {
      const lines = text.split('\n');
      // The text after the last newline is a cut line unless the answer ended.
      const last = lines.pop() ?? '';
      if (exchange.complete && last !== '') return [`${at}: JSON lines end without a newline`];
      return lines.flatMap((line, i) => this.json(i === 0 ? media['x-ndjson'].first : media['x-ndjson'].rest, line, `${at} line ${i + 1}`));
    }
    if (type === 'text/event-stream') return this.events(media['x-sse-data'], text, at);
    if (type.endsWith('json')) return this.json(media.schema, text, at);
    return [];
  }

  private json(schema: unknown, text: string, where: string): string[] {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [`${where}: not JSON: ${text.slice(0, 80)}`];
    }
    return this.errorsOf(schema, value, `${where}: `);
  }

  /** Each whole message's data against the schema of its event name (`*`: any other name). */
  private events(byName: Record<string, unknown>, text: string, at: string): string[] {
    const blocks = text.split('\n\n');
    blocks.pop();
    return blocks.flatMap((block, i) => {
      const fields = block
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':') < 0 ? line.length : line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]);
      const data = fields.filter(([f]) => f === 'data').map(([, v]) => v);
      if (data.length === 0) return [];
      const event = fields.find(([f]) => f === 'event')?.[1] ?? 'message';
      return this.json(byName[event] ?? byName['*'], data.join('\n'), `${at} message ${i + 1} (${event})`);
    });
  }
}

let shared: Contract | undefined;
/** The contract, built once per spec file from the first app's document. */
export const contractOf = (app: INestApplication): Contract => (shared ??= new Contract(buildOpenApiDocument(app)));

/** What the apps of this spec file answered that the document does not say; taken (and cleared) after each test. */
const violations: string[] = [];
export const takeViolations = (): string[] => violations.splice(0);

/** Records the bytes of a response as they are written, and checks the whole when it ends. */
export function watchResponse(contract: () => Contract, method: string, url: string, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
  };
  // Fastify hands its headers to writeHead, which sends them without keeping them on the response.
  const sent: Record<string, string | string[] | number | undefined> = {};
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((r) => typeof r === 'object' && r !== null);
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) sent[String(headers[i]).toLowerCase()] = headers[i + 1] as string;
    else if (headers) for (const [k, v] of Object.entries(headers)) sent[k.toLowerCase()] = v as string;
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as typeof res.end;
  res.once('close', () => {
    // Closed before any answer (the client went first): nothing was said.
    if (!res.headersSent) return;
    const exchange: Exchange = {
      method,
      url,
      status: res.statusCode,
      headers: { ...(res.getHeaders() as Exchange['headers']), ...sent },
      body: Buffer.concat(chunks).toString('utf8'),
      complete: res.writableFinished,
    };
    violations.push(...contract().check(exchange));
  });
}
