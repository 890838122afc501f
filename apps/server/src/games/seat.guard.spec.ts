import type { ExecutionContext } from '@nestjs/common';
import type { GameRepository, LoadedGame } from './game-repository';
import { SeatTokenInvalidError } from './game.errors';
import { CommandSeatGuard, SeatGuard } from './seat.guard';
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
