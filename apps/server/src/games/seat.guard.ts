// Seat authentication at the edge: a guard resolves who is asking (a seat of the game, or a
// spectator; with ViewerGuard, an operator too), and `@Seat()` / `@Viewer()` hand it to the
// handler. Order of answers: a malformed game id is a 400, an unknown game a 404, then a wrong
// token a 403 and, where a seat is required, no token a 401. Only SHA-256 digests of the tokens
// are stored (see seat-tokens.ts).
import { BadRequestException, createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '@logbook/app-core';
import { SeatTokenInvalidError, SeatTokenMissingError } from './game.errors';
import { GameRepository, type LoadedGame } from './game-repository';
import { isOperator } from './operator-token';
import { AUTHORIZATION_FORM, bearerToken, lacksBearerScheme, seatForToken } from './seat-tokens';

/** Who is asking, where an operator may act too: the operator (LOGBOOK_ADMIN_TOKEN), a seat of the game, or a spectator (no token). */
export type Viewer = { readonly operator: true } | { readonly seat: number } | { readonly spectator: true };

const OPERATOR: Viewer = Object.freeze({ operator: true as const });
const SPECTATOR: Viewer = Object.freeze({ spectator: true as const });

const GAME_ID = /^[A-Za-z0-9-]{1,64}$/;

export const checkGameId = (gameId: string | undefined): string => {
  if (gameId === undefined || !GAME_ID.test(gameId)) throw new BadRequestException('gameId is malformed');
  return gameId;
};

/** What the guard leaves on the request for `@Seat()` and `@Game()`. */
interface SeatedRequest extends FastifyRequest<{ Params: Record<string, string | undefined> }> {
  logbookSeat?: number | null;
  logbookGame?: LoadedGame;
  logbookViewer?: Viewer;
}

/** The seat an Authorization header stands for in a game; null for a spectator (no header). */
export const seatOf = (game: Pick<LoadedGame, 'seatTokens'>, authorization: string | undefined): number | null => {
  const token = bearerToken(authorization);
  if (token === null) return null;
  if (token === 'malformed') throw new SeatTokenInvalidError(lacksBearerScheme(authorization ?? '') ? AUTHORIZATION_FORM : undefined);
  const seat = seatForToken(game.seatTokens, token);
  if (seat === undefined) throw new SeatTokenInvalidError();
  return seat;
};

@Injectable()
export class SeatGuard implements CanActivate {
  constructor(private readonly games: GameRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SeatedRequest>();
    const gameId = checkGameId(typeof request.params['gameId'] === 'string' ? request.params['gameId'] : undefined);
    const game = this.cached(gameId) ?? (await this.games.load(gameId));
    request.logbookGame = game;
    this.identify(request, game);
    return true;
  }

  /** Who is asking, left on the request: a seat or a spectator (a token of no seat of this game is a 403). */
  protected identify(request: SeatedRequest, game: LoadedGame): void {
    request.logbookSeat = seatOf(game, request.headers.authorization);
  }

  /** A cached game that will do for this route without asking the store; none here: `@Game()` is current. */
  protected cached(_gameId: string): LoadedGame | undefined {
    return undefined;
  }
}

/**
 * The seat guard of the command route, whose handler reads only the seat and the game's id: a
 * game's seat tokens never change once it is created, so a cached game (current or not) says who
 * is asking, without the store's "did anyone else write?" query on every order. The command path
 * then catches up itself (its append refuses a decision made on a stale game).
 */
@Injectable()
export class CommandSeatGuard extends SeatGuard {
  constructor(private readonly repository: GameRepository) {
    super(repository);
  }

  protected override cached(gameId: string): LoadedGame | undefined {
    return this.repository.trusted(gameId);
  }
}

/**
 * The seat guard of the routes an operator may use on any game (fork, export): the operator's
 * token is recognised before any seat's, and `@Viewer()` says which of the three is asking.
 */
@Injectable()
export class ViewerGuard extends SeatGuard {
  constructor(
    repository: GameRepository,
    private readonly config: ConfigService,
  ) {
    super(repository);
  }

  protected override identify(request: SeatedRequest, game: LoadedGame): void {
    const authorization = request.headers.authorization;
    if (isOperator(authorization, this.config.get<AppConfig['adminToken']>('adminToken'))) {
      request.logbookSeat = null;
      request.logbookViewer = OPERATOR;
      return;
    }
    const seat = seatOf(game, authorization);
    request.logbookSeat = seat;
    request.logbookViewer = seat === null ? SPECTATOR : { seat };
  }
}

const seatedRequest = (context: ExecutionContext): SeatedRequest => {
  const request = context.switchToHttp().getRequest<SeatedRequest>();
  if (request.logbookSeat === undefined) throw new Error('@Seat() needs @UseGuards(SeatGuard) on the route');
  return request;
};

/**
 * The seat asking: `@Seat()` is a seat number or null for a spectator; `@Seat({ required: true })`
 * is a seat number, and no token is a 401.
 */
export const Seat = createParamDecorator((options: { required?: boolean } | undefined, context: ExecutionContext): number | null => {
  const seat = seatedRequest(context).logbookSeat ?? null;
  if (seat === null && options?.required) throw new SeatTokenMissingError();
  return seat;
});

/** The game the guard loaded for this request (its fold at the time of the request). */
export const Game = createParamDecorator((_: unknown, context: ExecutionContext): LoadedGame => {
  const game = seatedRequest(context).logbookGame;
  if (game === undefined) throw new Error('@Game() needs @UseGuards(SeatGuard) on the route');
  return game;
});

/** Who is asking, as ViewerGuard resolved it. */
export const Viewer = createParamDecorator((_: unknown, context: ExecutionContext): Viewer => {
  const viewer = context.switchToHttp().getRequest<SeatedRequest>().logbookViewer;
  if (viewer === undefined) throw new Error('@Viewer() needs @UseGuards(ViewerGuard) on the route');
  return viewer;
});
