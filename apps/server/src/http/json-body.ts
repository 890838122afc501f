// Request bodies: JSON only, bounded in size and depth, and never with keys that name JavaScript's
// prototype machinery. Deep nesting overflowed the stack in class-transformer (a 500); keys such as
// `__proto__` were silently dropped on the way to the DTOs. Both are refused with a 400 here,
// before anything else sees the body.
import type { NextFunction, Request, Response } from 'express';

/** Deepest nesting of arrays and objects a body may have (a scenario document needs about 12). */
export const MAX_JSON_DEPTH = 32;
/** Largest body accepted (an inline scenario document is the biggest legitimate one). */
export const MAX_JSON_BYTES = '512kb';
/** Keys refused anywhere in a body. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A body refused before parsing finished; mapped to a 400 problem by the ProblemFilter. */
export class BodyRefusedError extends Error {
  readonly status = 400;
  readonly expose = true;
  constructor(
    message: string,
    readonly slug: string,
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
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Options for express.json (body-parser). */
export const jsonBodyOptions = {
  limit: MAX_JSON_BYTES,
  type: ['application/json', 'application/*+json'],
  verify(_req: unknown, _res: unknown, raw: Buffer): void {
    if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) {
      throw new BodyRefusedError(`The body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`, 'too-deep');
    }
  },
  reviver(key: string, value: unknown): unknown {
    if (FORBIDDEN_KEYS.has(key)) throw new BodyRefusedError(`The body may not contain the key "${key}"`, 'forbidden-key');
    return value;
  },
};

/** JSON, or JSON lines (a game export sent to POST /games/import, read by its own route). */
const NDJSON = new Set(['application/x-ndjson', 'application/ndjson', 'application/jsonl']);

const isJson = (req: Request): boolean => {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json')) || NDJSON.has(type);
};

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Writes must send JSON (or JSON lines): anything else (a form, text, no Content-Type) is told so once, instead
 * of failing the DTO validation with one contradictory message per field.
 */
export function requireJson(req: Request, res: Response, next: NextFunction): void {
  if (!WRITES.has(req.method) || isJson(req)) return next();
  next(new BodyRefusedError('Send JSON: the body must be a JSON object with Content-Type: application/json', 'send-json'));
}
