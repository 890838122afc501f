import type { ExecutionContext } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { GameRepository, LoadedGame } from './game-repository';
import { SeatTokenInvalidError } from './game.errors';
import { CommandSeatGuard, SeatGuard, ViewerGuard } from './seat.guard';
import { digestToken } from './seat-tokens';

const TOKEN = 'a-seat-token-of-game-1234';

/** A repository that counts the loads that may ask the store, and answers `trusted` from its cache. */
const repository = (cachedGame?: LoadedGame) => {
  const calls = { load: 0 };
  const game = { gameId: 'g1', seatTokens: [{ seat: 1, sha256: digestToken(TOKEN) }] } as unknown as LoadedGame;
  const repo = {
    load: async () => {
      calls.load += 1;
      return game;
    },
    trusted: (gameId: string) => (cachedGame && gameId === cachedGame.gameId ? cachedGame : undefined),
  } as unknown as GameRepository;
  return { repo, calls, game };
};

const request = (authorization?: string) => ({ params: { gameId: 'g1' }, headers: authorization ? { authorization } : {} }) as Record<string, unknown>;
const context = (req: Record<string, unknown>) => ({ switchToHttp: () => ({ getRequest: () => req }) }) as unknown as ExecutionContext;

describe('the seat guards', () => {
  it('SeatGuard always loads the game (current for @Game())', async () => {
    const { repo, calls, game } = repository();
    const req = request(`Bearer ${TOKEN}`);
    await new SeatGuard(repo).canActivate(context(req));
    expect(calls.load).toBe(1);
    expect(req.logbookSeat).toBe(1);
    expect(req.logbookGame).toBe(game);
  });

  it('CommandSeatGuard takes a cached game without loading, and checks the token on it all the same', async () => {
    const cached = { gameId: 'g1', seatTokens: [{ seat: 2, sha256: digestToken(TOKEN) }] } as unknown as LoadedGame;
    const { repo, calls } = repository(cached);
    const req = request(`Bearer ${TOKEN}`);
    await new CommandSeatGuard(repo).canActivate(context(req));
    expect(calls.load).toBe(0);
    expect(req.logbookSeat).toBe(2);
    await expect(new CommandSeatGuard(repo).canActivate(context(request('Bearer another-token-entirely')))).rejects.toBeInstanceOf(SeatTokenInvalidError);
  });

  it('CommandSeatGuard loads a game it has not cached', async () => {
    const { repo, calls } = repository();
    const req = request(`Bearer ${TOKEN}`);
    await new CommandSeatGuard(repo).canActivate(context(req));
    expect(calls.load).toBe(1);
    expect(req.logbookSeat).toBe(1);
  });
});

describe('the viewer guard (fork, export)', () => {
  const OPERATOR_TOKEN = 'the-operators-token-5678';
  const config = { get: (key: string) => (key === 'adminToken' ? OPERATOR_TOKEN : undefined) } as unknown as ConfigService;
  const viewerOf = async (authorization?: string) => {
    const { repo, game } = repository();
    const req = request(authorization);
    await new ViewerGuard(repo, config).canActivate(context(req));
    expect(req.logbookGame).toBe(game);
    return { viewer: req.logbookViewer, seat: req.logbookSeat };
  };

  it("recognises the operator's token before any seat's", async () => {
    expect(await viewerOf(`Bearer ${OPERATOR_TOKEN}`)).toEqual({ viewer: { operator: true }, seat: null });
  });

  it("resolves a seat's token to its seat, and no token to a spectator", async () => {
    expect(await viewerOf(`Bearer ${TOKEN}`)).toEqual({ viewer: { seat: 1 }, seat: 1 });
    expect(await viewerOf()).toEqual({ viewer: { spectator: true }, seat: null });
  });

  it('refuses a token that is neither the operator nor a seat of the game', async () => {
    await expect(viewerOf('Bearer another-token-entirely')).rejects.toBeInstanceOf(SeatTokenInvalidError);
    await expect(viewerOf('Basic abc')).rejects.toBeInstanceOf(SeatTokenInvalidError);
  });
});
