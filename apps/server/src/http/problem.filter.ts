// Every error leaves as RFC 9457 problem details. Domain errors are mapped here, in one place;
// anything unexpected is logged and answered with a generic 500 that reveals nothing.
import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import { EventStoreUnavailableError, StreamDeletedError, WrongExpectedRevisionError } from '@logbook/event-store';
import { RuleViolation, SEAT_CLAIM_CONFLICTS } from '@logbook/rules';
import { BodyRefusedError } from './json-body';
import { RateLimitedError } from './rate-limits';
import { GameQuotaError, StorageFullError } from './storage-budget';
import { ServerStoppingError } from '../shutdown/server-stopping.error';
import { ExportFormatError } from '@logbook/game-log';
import {
  CommandIdReusedError,
  GameFrozenError,
  GameNotFoundError,
  ImportRefusedError,
  OperatorRequiredError,
  SeatTokenInvalidError,
  SeatTokenMissingError,
  StaleRevisionError,
} from '../games/game.errors';
import type { FrozenAt } from '../games/rules-verdict';
import { ProfileAccessError } from '../players/profiles.service';
import { RebuildInProgressError } from '@logbook/projections';

/** What a profile's refusals answer: a missing secret, a wrong one, a profile never made, one erased. */
const PROFILE_REFUSALS: Record<ProfileAccessError['reason'], [number, string, string]> = {
  missing: [401, 'player-secret-missing', 'Player secret required'],
  wrong: [403, 'player-secret-invalid', 'Wrong player secret'],
  unknown: [404, 'player-not-found', 'Player not found'],
  erased: [410, 'player-erased', 'Player erased'],
};

/** RFC 9457 problem details (`application/problem+json`): every error of the API has this shape. */
export interface Problem {
  /** The kind of problem, e.g. `/problems/rule-violation`. */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** 422: the stable rule id (RULES.md). */
  rule?: string;
  /** 400: one line per invalid field. */
  errors?: string[];
  /** 409 stale-revision: the game's revision now. */
  currentRevision?: number;
  /** 422 import-refused: the 1-based line of the file, and the action there. */
  line?: number;
  actionId?: string;
  /** 409 game-frozen: the first action today's rules decide differently. */
  divergedAt?: FrozenAt;
  [extra: string]: unknown;
}

const problem = (status: number, slug: string, title: string, detail: string, extra: Partial<Problem> = {}): Problem => ({
  type: `/problems/${slug}`,
  title,
  status,
  detail,
  ...extra,
});

export function toProblem(error: unknown): Problem | undefined {
  if (error instanceof RuleViolation) {
    if (error.rule === 'game.not-found') return problem(404, 'game-not-found', 'Game not found', error.message);
    // A seat already linked to a profile: a conflict with what the game holds, not a move the rules forbid.
    if (SEAT_CLAIM_CONFLICTS.has(error.rule))
      return problem(409, 'seat-claimed', 'The seat or the profile is already linked', error.message, { rule: error.rule });
    return problem(422, 'rule-violation', 'The rules forbid this', error.message, { rule: error.rule });
  }
  if (error instanceof ProfileAccessError) {
    const [status, slug, title] = PROFILE_REFUSALS[error.reason];
    return problem(status, slug, title, error.message);
  }
  if (error instanceof GameNotFoundError) return problem(404, 'game-not-found', 'Game not found', error.message);
  if (error instanceof StaleRevisionError) {
    return problem(409, 'stale-revision', 'The game has moved on', error.message, { currentRevision: error.actual });
  }
  if (error instanceof WrongExpectedRevisionError) {
    return problem(409, 'concurrent-write', 'Another order was recorded first', 'Reload the game and try again');
  }
  if (error instanceof StreamDeletedError) {
    // An operator deleted the game's stream for good (EventStoreDB tombstone): gone, not unknown.
    return problem(410, 'game-deleted', 'Game deleted', 'This game was deleted from the event store');
  }
  if (error instanceof EventStoreUnavailableError) {
    return problem(
      503,
      'store-unavailable',
      'The event store is unavailable',
      'The event store did not answer. An order may or may not have been recorded: send it again with the same commandId, which never applies it twice.',
    );
  }
  if (error instanceof ServerStoppingError) return problem(503, 'server-stopping', 'The server is stopping', error.message);
  if (error instanceof GameFrozenError) {
    return problem(409, 'game-frozen', "The game is frozen: today's rules decide its log differently", error.message, {
      rule: error.rule,
      divergedAt: error.divergedAt,
    });
  }
  if (error instanceof CommandIdReusedError) return problem(409, 'command-id-reused', 'commandId already used', error.message);
  if (error instanceof SeatTokenMissingError) return problem(401, 'seat-token-missing', 'Seat token required', error.message);
  if (error instanceof SeatTokenInvalidError) return problem(403, 'seat-token-invalid', 'Not a seat of this game', error.message);
  if (error instanceof OperatorRequiredError) {
    return error.tokenGiven
      ? problem(403, 'operator-required', 'Operators only', error.message)
      : problem(401, 'operator-required', 'Operator token required', error.message);
  }
  if (error instanceof ImportRefusedError) {
    return problem(422, 'import-refused', 'The import was refused; nothing was written', error.message, {
      rule: error.rule,
      line: error.line,
      ...(error.actionId ? { actionId: error.actionId } : {}),
    });
  }
  if (error instanceof ExportFormatError) {
    return error.kind === 'redacted'
      ? problem(422, 'import-refused', 'A redacted export cannot be imported', error.message, { rule: 'import.redacted-export', line: error.line })
      : problem(400, 'invalid-request', 'The file is not a game export', error.message, { line: error.line });
  }
  if (error instanceof RebuildInProgressError) return problem(409, 'rebuild-in-progress', 'A rebuild is already under way', error.message);
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const messages = typeof response === 'object' && response !== null ? (response as { message?: unknown }).message : response;
    const list = Array.isArray(messages) ? messages.map(String) : undefined;
    const detail = list ? list.join('; ') : String(messages ?? error.message);
    const slug = status === 400 ? 'invalid-request' : status === 404 ? 'not-found' : status === 429 ? 'rate-limited' : `http-${status}`;
    return problem(status, slug, HttpStatus[status]?.replace(/_/g, ' ').toLowerCase() ?? 'error', detail, list ? { errors: list } : {});
  }
  if (error instanceof BodyRefusedError) {
    if (error.status === 415) return problem(415, error.slug, 'unsupported media type', error.message);
    return problem(400, error.slug === 'send-json' ? 'send-json' : 'invalid-body', 'bad request', error.message);
  }
  if (error instanceof StorageFullError) return problem(507, 'storage-full', 'Insufficient storage', error.message);
  if (error instanceof GameQuotaError) return problem(507, 'game-quota', 'Insufficient storage', error.message);
  if (error instanceof RateLimitedError) return problem(429, 'rate-limited', 'too many requests', error.message, { budget: error.budget });
  if (isFastifyClientError(error)) {
    // Refused by Fastify before routing (a body too large, a bad Content-Length, a malformed URL).
    const status = error.statusCode;
    const slug = status === 413 ? 'payload-too-large' : status === 400 ? 'invalid-request' : `http-${status}`;
    return problem(status, slug, HttpStatus[status]?.replace(/_/g, ' ').toLowerCase() ?? 'error', error.message);
  }
  if (isClientHttpError(error)) {
    // Errors raised before routing (the body parser: malformed JSON).
    const slug = error.status === 413 ? 'payload-too-large' : error.status === 400 ? 'invalid-request' : `http-${error.status}`;
    const detail = error.type === 'entity.parse.failed' ? `The body is not valid JSON: ${error.message}` : error.message;
    return problem(error.status, slug, HttpStatus[error.status]?.replace(/_/g, ' ').toLowerCase() ?? 'error', detail);
  }
  return undefined;
}

/** An http-errors error a client caused (`expose` marks messages safe to show). */
const isClientHttpError = (error: unknown): error is { status: number; message: string; type?: string } => {
  const e = error as { status?: unknown; expose?: unknown };
  return typeof e === 'object' && e !== null && e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500;
};

/** An error Fastify raised for something the client sent (its codes start FST_). */
const isFastifyClientError = (error: unknown): error is { statusCode: number; message: string; code: string } => {
  const e = error as { statusCode?: unknown; code?: unknown };
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.code === 'string' &&
    e.code.startsWith('FST_') &&
    typeof e.statusCode === 'number' &&
    e.statusCode >= 400 &&
    e.statusCode < 500
  );
};

@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger(ProblemFilter.name);

  catch(error: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<FastifyReply | ServerResponse>();
    let body = toProblem(error);
    if (!body) {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      body = problem(500, 'internal', 'Internal error', 'Something went wrong on the server');
    }
    const text = JSON.stringify(body);
    if ('raw' in res) {
      void res.status(body.status).type('application/problem+json').send(text);
    } else if (!res.headersSent) {
      // A middleware's error, before Fastify's reply exists.
      res.writeHead(body.status, { 'content-type': 'application/problem+json' }).end(text);
    }
  }
}
