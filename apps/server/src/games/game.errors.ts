// Errors of the application layer. The HTTP mapping lives in one filter (http/problem.filter.ts).

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
  constructor() {
    super('That token is not a seat of this game');
  }
}

/** The same commandId was already used for a different command in this game. */
export class CommandIdReusedError extends Error {
  override readonly name = 'CommandIdReusedError';
  constructor(readonly commandId: string) {
    super(`commandId ${commandId} was already used for another command`);
  }
}
