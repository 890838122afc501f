// Request bodies: JSON only, bounded in size and depth, and never with keys that name JavaScript's
// prototype machinery. Deep nesting overflowed the stack in class-transformer (a 500); keys such as
// `__proto__` were silently dropped on the way to the DTOs. Both are refused with a 400 here,
// before anything else sees the body.
/** Deepest nesting of arrays and objects a body may have (a scenario document needs about 12). */
export const MAX_JSON_DEPTH = 32;
/** Keys refused anywhere in a body. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A body refused before parsing finished; mapped to a 400 problem by the ProblemFilter. */
export class BodyRefusedError extends Error {
  readonly expose = true;
  constructor(
    message: string,
    readonly slug: string,
    readonly status: 400 | 415 = 400,
  ) {
    super(message);
  }
}

/** Nesting depth of a JSON text, counted on the raw bytes (strings skipped); stops early past `max`. */
export function jsonDepthExceeds(raw: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A JSON body that does not parse: a 400 problem ("The body is not valid JSON: …"). */
export class BodyNotJsonError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.parse.failed';
}

/** Text in which a forbidden key could hide (as itself, or spelt with a \\u escape). */
const MAYBE_FORBIDDEN = /__proto__|constructor|prototype|\\u/;

/** The largest body, in bytes (POST /games: an inline scenario document). */
export const MAX_JSON_BYTE_COUNT = 512 * 1024;
/** A command's body: ten lists of ten boon ids of 100 characters, the largest one, is about 11 kB. */
export const COMMAND_BODY_BYTES = 32 * 1024;
/** A small body: a fork (a revision and four names). */
export const SMALL_BODY_BYTES = 4 * 1024;
/** What a route that declares no body reads of one (a GET's stray body, an unknown path's). */
export const NO_BODY_BYTES = 1024;

/**
 * Parses a JSON body as the edge accepts it: an object or an array (JSON's other values are not
 * a request), no deeper than MAX_JSON_DEPTH, no prototype keys; an empty body is `{}`.
 */
export function parseJsonBody(raw: Buffer): unknown {
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) {
    throw new BodyRefusedError(`The body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`, 'too-deep');
  }
  const text = raw.toString('utf8');
  const first = /\S/.exec(text)?.[0];
  if (first === undefined) return {};
  if (first !== '{' && first !== '[') throw new BodyNotJsonError(`Unexpected token ${JSON.stringify(first)}: the body must be a JSON object`);
  let forbidden: string | undefined;
  let body: unknown;
  try {
    // A key is looked at one by one only where one of them (or an escape that could spell one) occurs.
    body = MAYBE_FORBIDDEN.test(text)
      ? JSON.parse(text, (key: string, value: unknown) => {
          if (FORBIDDEN_KEYS.has(key)) forbidden ??= key;
          return value;
        })
      : JSON.parse(text);
  } catch (error) {
    throw new BodyNotJsonError(error instanceof Error ? error.message : String(error));
  }
  if (forbidden !== undefined) throw new BodyRefusedError(`The body may not contain the key "${forbidden}"`, 'forbidden-key');
  return body;
}

/** JSON, or JSON lines (a game export sent to POST /games/import, read by its own route). */
export const NDJSON_TYPES: readonly string[] = ['application/x-ndjson', 'application/ndjson', 'application/jsonl'];
const NDJSON = new Set(NDJSON_TYPES);

const mediaType = (contentType: string | undefined): string => (contentType ?? '').split(';')[0].trim().toLowerCase();

const isJson = (contentType: string | undefined): boolean => {
  const type = mediaType(contentType);
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json')) || NDJSON.has(type);
};

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Writes must send JSON (or JSON lines): anything else (a form, text, no Content-Type) is told so once, instead
 * of failing the DTO validation with one contradictory message per field. Returns the error to answer with.
 */
export function requireJson(req: { method: string; headers: { 'content-type'?: string } }): BodyRefusedError | undefined {
  if (!WRITES.has(req.method) || isJson(req.headers['content-type'])) return undefined;
  return new BodyRefusedError('Send JSON: the body must be a JSON object with Content-Type: application/json', 'send-json');
}

/**
 * JSON lines are an import's body and nothing else's, and an import reads nothing but JSON lines:
 * refused before a byte is read (an export is up to 64 MiB, and is read only where it is wanted).
 */
export function bodyKindProblem(req: { headers: { 'content-type'?: string } }, accepts: 'json' | 'ndjson'): BodyRefusedError | undefined {
  const contentType = req.headers['content-type'];
  if (contentType === undefined) return undefined;
  const ndjson = NDJSON.has(mediaType(contentType));
  if (ndjson && accepts !== 'ndjson') {
    return new BodyRefusedError(
      'JSON lines (an export) are read by POST /games/import only: send this request as application/json',
      'unsupported-media-type',
      415,
    );
  }
  if (!ndjson && accepts === 'ndjson' && isJson(contentType)) {
    return new BodyRefusedError('Send the export as Content-Type: application/x-ndjson', 'send-ndjson');
  }
  return undefined;
}
