// Errors of the application layer. The HTTP mapping lives in one filter (http/problem.filter.ts).
import type { FrozenAt } from './rules-verdict';

export class GameNotFoundError extends Error {
  override readonly name = 'GameNotFoundError';
  constructor(readonly gameId: string) {
    super(`There is no game ${gameId}`);
  }
}

/** The client's If-Match revision is not the game's current revision. */
export class StaleRevisionError extends Error {
  override readonly name = 'StaleRevisionError';
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`The game is at revision ${actual}, not ${expected}: reload and decide again`);
  }
}

export class SeatTokenMissingError extends Error {
  override readonly name = 'SeatTokenMissingError';
  constructor() {
    super('This needs a seat token: Authorization: Bearer <token>');
  }
}

export class SeatTokenInvalidError extends Error {
  override readonly name = 'SeatTokenInvalidError';
  constructor(message = 'That token is not a seat of this game') {
    super(message);
  }
}

/** The same commandId was already used for a different command in this game. */
export class CommandIdReusedError extends Error {
  override readonly name = 'CommandIdReusedError';
  constructor(readonly commandId: string) {
    super(`commandId ${commandId} was already used for another command`);
  }
}

/** Only an operator (LOGBOOK_ADMIN_TOKEN) may do this. */
export class OperatorRequiredError extends Error {
  override readonly name = 'OperatorRequiredError';
  constructor(
    readonly what: string,
    readonly tokenGiven: boolean,
  ) {
    super(`${what} needs the operator token: Authorization: Bearer <LOGBOOK_ADMIN_TOKEN>`);
  }
}

/** An import whose events today's rules do not decide the same way: nothing was written. */
export class ImportRefusedError extends Error {
  override readonly name = 'ImportRefusedError';
  constructor(
    readonly rule: string,
    /** 1-based line of the file. */
    readonly line: number,
    message: string,
    readonly actionId?: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * Today's rules decide the game's log differently from what it records (a rules change deployed
 * since): it takes no command until an operator migrates it (`npm run cli -- migrate`); it can
 * still be read, replayed, exported and forked.
 */
export class GameFrozenError extends Error {
  override readonly name = 'GameFrozenError';
  readonly rule = 'game.frozen-rules-changed';
  constructor(readonly divergedAt: FrozenAt) {
    super(
      `This game is frozen: today's rules decide its action ${divergedAt.action} (${divergedAt.commandType ?? 'unknown'}, commandId ${divergedAt.commandId}) ` +
        `differently from its log${divergedAt.refusedBy ? ` (they refuse it: ${divergedAt.refusedBy})` : ''}. ` +
        "It can be read, replayed and forked; an operator can migrate it to today's rules (npm run cli -- migrate --game <id>).",
    );
  }
}
