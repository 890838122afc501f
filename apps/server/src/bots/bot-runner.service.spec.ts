// The bots' runner: it plays the seats bots play through the command path, one command per wake
// (a game of bots never holds the event loop), leaves a seat whose bot it does not know to wait,
// does nothing when switched off, and starts nothing once stopped. Waits are counted in turns of
// the event loop, never in time.
import type { ConfigService } from '@nestjs/config';
import { builtInScenario } from '@logbook/content';
import { InMemoryEventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { seededRng } from '@logbook/rules';
import { GameCommandsService } from '../games/game-commands.service';
import { GameEventsService } from '../games/game-events.service';
import { RulesCheck } from '../games/rules-check';
import { GameRepository } from '../games/game-repository';
import { BotRunner, seatToAct } from './bot-runner.service';
import { seatBotsOf } from './seat-bots-of';

const tick = () => new Promise((resolve) => setImmediate(resolve));

function server(bots = true, { singleWriter = false, store = new InMemoryEventStore({ singleWriter }) } = {}) {
  const games = new GameRepository(store);
  const commands = new GameCommandsService(games, new GameEventsService(store), seededRng(5), new RulesCheck(store));
  const runner = new BotRunner(commands, games, { get: () => bots } as unknown as ConfigService);
  runner.onModuleInit();
  const create = (players: Array<{ name: string; bot?: string }>) =>
    commands.createGame({ scenario: builtInScenario('first-voyage')!, players, mode: 'standard' });
  const settled = async (gameId: string) => {
    for (let i = 0; i < 100_000 && !runner.idle(gameId); i++) await tick();
    expect(runner.idle(gameId)).toBe(true);
  };
  const events = async (gameId: string) => {
    const read = await store.readStream(gameStreamId(gameId));
    return read.status === 'ok' ? read.events : [];
  };
  return { store, games, commands, runner, create, settled, events };
}

describe('the bots’ runner', () => {
  it('plays a bot seat’s turn through the command path, its name in each action’s metadata, until a player is to act', async () => {
    const s = server();
    const game = await s.create([{ name: 'Bot', bot: 'greedy' }, { name: 'Ann' }]);
    await s.settled(game.gameId);
    const loaded = await s.games.load(game.gameId);
    expect(seatToAct(loaded.state)).toBe(2);
    const actions = (await s.events(game.gameId)).filter((e) => e.metadata.seat === 1 && e.metadata.command);
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(action.metadata.bot).toBe('greedy');
    await s.runner.onModuleDestroy();
  });

  it('answers a player’s command in another game while a game of bots plays on (one bot command per wake)', async () => {
    const s = server();
    const bots = await s.create([
      { name: 'A', bot: 'greedy' },
      { name: 'B', bot: 'random' },
    ]);
    const mine = await s.create([{ name: 'Ann' }, { name: 'Rob' }]);
    await tick();
    await s.commands.execute(mine.gameId, 1, 'ann-1', { type: 'EndTurn' });
    const played = (await s.games.load(bots.gameId)).revision;
    expect((await s.games.load(bots.gameId)).state.status).toBe('active');
    // A handful of actions at most happened meanwhile: the game of bots yields after each.
    expect(played - bots.revision).toBeLessThan(10);
    expect(played).toBeGreaterThan(bots.revision);
    await s.runner.onModuleDestroy();
  });

  it('starts no bot command once stopped', async () => {
    const s = server();
    const game = await s.create([
      { name: 'A', bot: 'greedy' },
      { name: 'B', bot: 'greedy' },
    ]);
    for (let i = 0; i < 20; i++) await tick();
    await s.runner.onModuleDestroy();
    const stopped = (await s.games.load(game.gameId)).revision;
    for (let i = 0; i < 200; i++) await tick();
    expect((await s.games.load(game.gameId)).revision).toBe(stopped);
  });

  it('plays nothing when switched off (LOGBOOK_BOTS=off)', async () => {
    const s = server(false);
    const game = await s.create([{ name: 'A', bot: 'greedy' }]);
    for (let i = 0; i < 50; i++) await tick();
    expect((await s.games.load(game.gameId)).revision).toBe(game.revision);
  });

  describe.each([
    ['a store only this process writes', true],
    ['a store others may write (PostgreSQL, EventStoreDB)', false],
  ])('on %s (a cached game is current just after this process’s commit to it)', (_, singleWriter) => {
    it('does not wake a game no bot plays: no load and no turn of the event loop per command', async () => {
      const s = server(true, { singleWriter });
      const game = await s.create([{ name: 'Ann' }, { name: 'Rob' }]);
      await s.games.load(game.gameId); // cached, as the seat guard leaves it
      const load = jest.spyOn(s.games, 'load');
      await s.commands.execute(game.gameId, 1, 'ann-1', { type: 'EndTurn' });
      await s.commands.execute(game.gameId, 2, 'rob-1', { type: 'EndTurn' });
      // No wake scheduled: it would hold the game awake until its step had run a turn later.
      expect(s.runner.idle(game.gameId)).toBe(true);
      for (let i = 0; i < 20; i++) await tick();
      // The command path loads with its options (where the cache cannot vouch alone); a bot step loads with none.
      expect(load.mock.calls.filter((call) => call.length === 1)).toEqual([]);
      await s.runner.onModuleDestroy();
    });

    it('plays a seat handed to a bot in a game that had none: the handover wakes it', async () => {
      const s = server(true, { singleWriter });
      const game = await s.create([{ name: 'Ann' }, { name: 'Rob' }]);
      await s.games.load(game.gameId);
      await s.commands.execute(game.gameId, 1, 'ann-1', { type: 'EndTurn' });
      await s.commands.controlSeat(game.gameId, { seat: 2, bot: 'greedy', by: 'operator' });
      await s.settled(game.gameId);
      const actions = (await s.events(game.gameId)).filter((e) => e.metadata.seat === 2 && e.metadata.bot === 'greedy');
      expect(actions.length).toBeGreaterThan(0);
      expect(seatToAct((await s.games.load(game.gameId)).state)).toBe(1);
      await s.runner.onModuleDestroy();
    });

    it('wakes a game not in the cache (created with a bot, never loaded here)', async () => {
      const s = server(true, { singleWriter });
      const game = await s.create([{ name: 'Bot', bot: 'greedy' }, { name: 'Ann' }]);
      await s.settled(game.gameId);
      expect(seatToAct((await s.games.load(game.gameId)).state)).toBe(2);
      await s.runner.onModuleDestroy();
    });
  });

  it('plays a seat another server handed to a bot, once this server’s own commit to its stale cached game has caught it up', async () => {
    const store = new InMemoryEventStore();
    const here = server(true, { store });
    const there = server(true, { store });
    const game = await here.create([{ name: 'Ann' }, { name: 'Rob' }]);
    await here.games.load(game.gameId); // cached here, then changed elsewhere
    await there.commands.controlSeat(game.gameId, { seat: 2, bot: 'greedy', by: 'operator' });
    await there.settled(game.gameId);
    expect(seatBotsOf(here.games.peek(game.gameId)!).size).toBe(0); // the cache here has not seen it
    await here.commands.execute(game.gameId, 1, 'ann-1', { type: 'EndTurn' });
    await here.settled(game.gameId);
    const played = (await here.events(game.gameId)).filter((e) => e.metadata.seat === 2 && e.metadata.bot === 'greedy');
    expect(played.length).toBeGreaterThan(0);
    expect(seatToAct((await here.games.load(game.gameId, { catchUp: true })).state)).toBe(1);
    await here.runner.onModuleDestroy();
    await there.runner.onModuleDestroy();
  });

  it('leaves a seat whose bot it does not know (an imported log) to wait', async () => {
    const s = server();
    const game = await s.create([{ name: 'A', bot: 'oracle' }]);
    await s.settled(game.gameId);
    expect((await s.games.load(game.gameId)).revision).toBe(game.revision);
  });
});
