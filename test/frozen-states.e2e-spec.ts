import { GameRepository } from '../apps/server/src/games/game-repository';
import { createGame, play } from './support/api';
import { startApp, type TestApp } from './support/app';

// LOGBOOK_FREEZE_STATES is each server's configuration, handed to its games' histories: two
// servers in one process (as the e2e specs and the scale-out specs run them) keep their own
// setting, and starting one never changes what the other decides.
describe('LOGBOOK_FREEZE_STATES', () => {
  const started: TestApp[] = [];
  const saved = process.env.LOGBOOK_FREEZE_STATES;
  afterEach(async () => {
    await Promise.all(started.splice(0).map((app) => app.dispose()));
    if (saved === undefined) delete process.env.LOGBOOK_FREEZE_STATES;
    else process.env.LOGBOOK_FREEZE_STATES = saved;
  });

  const server = async (freeze: 'on' | 'off') => {
    process.env.LOGBOOK_FREEZE_STATES = freeze;
    const app = await startApp();
    started.push(app);
    return app;
  };

  /** The state a server keeps for a game after one Navigation order begun there. */
  const keptState = async (app: TestApp) => {
    const game = await createGame(app);
    await play(app, game.gameId, game.seats[0], { type: 'StartNavigation' });
    return (await app.app.get(GameRepository).load(game.gameId)).state;
  };

  it('off: the states a server decides stay unfrozen, though a server beside it freezes its own', async () => {
    const plain = await server('off');
    const frozen = await server('on');
    const plainState = await keptState(plain);
    const frozenState = await keptState(frozen);
    expect(Object.isFrozen(plainState.navigation)).toBe(false);
    expect(Object.isFrozen(frozenState.navigation)).toBe(true);
    expect(plainState.navigation).toEqual(frozenState.navigation);
  });
});
