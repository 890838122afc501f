// Whole games of a built-in scenario through the API: the same scripted voyages the rules'
// determinism spec plays through decide(), here over HTTP with seat tokens.
import { seededRng, type GameCommand, type PendingState } from '@logbook/rules';
import { TWIN_SAILS_WIN, respond, twinSailsLoss, type ScriptedCommand } from '@logbook/rules/turn/testing/voyages';
import { builtInScenario } from '@logbook/content';
import { createGame, play, send, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';

/** A rules command as an HTTP body. */
const body = (command: GameCommand): Record<string, unknown> => ({ ...command }) as unknown as Record<string, unknown>;

describe('a whole game of Twin Sails through the API', () => {
  let app: TestApp;

  beforeEach(async () => {
    // A seed whose setup plunder rolls ask no choice; any window that opens is answered anyway.
    app = await startApp({ rng: seededRng(7) });
  });

  afterEach(() => app.dispose());

  /** Sends the script; whatever the game waits for in between is answered by the active seat. */
  async function voyage(script: ScriptedCommand[]) {
    const game = await createGame(app, 'twin-sails', 2);
    const seat = (n: number): Seat => game.seats.find((s) => s.seat === n)!;
    const events: string[] = [];
    for (const step of script) {
      for (let board = await view(app, game.gameId); board.pending; board = await view(app, game.gameId)) {
        await play(app, game.gameId, seat(board.activeSeat), body(respond(board.pending as PendingState)));
      }
      const answer = await play(app, game.gameId, seat(step.seat), body(step.command));
      events.push(...answer.events.map((e) => e.type));
    }
    return { game, seat, events, board: await view(app, game.gameId, seat(1)) };
  }

  it('is won when the two ships chart ten clues', async () => {
    // The rules' whole-game spec's seed: the scripted line meets the same tiles in the same order.
    await app.dispose();
    app = await startApp({ rng: seededRng(2024) });
    const { game, seat, events, board } = await voyage(TWIN_SAILS_WIN);
    expect(board).toMatchObject({ status: 'won', clues: 10, act: 3, round: 2 });
    expect(events.filter((t) => t === 'TileExplored')).toHaveLength(4);
    expect(events.filter((t) => t === 'ActAdvanced')).toHaveLength(2);
    expect(events.at(-1)).toBe('ScenarioWon');
    expect(board.ships.find((s: { shipId: string }) => s.shipId === 'kestrel')).toMatchObject({ hex: { q: 4, r: -2 }, facing: 1 });
    const after = await send(app, game.gameId, seat(1), { type: 'EndTurn' }).expect(422);
    expect(after.body).toMatchObject({ rule: 'game.over' });
  });

  it('is lost when the blessings deck must advance and is empty', async () => {
    const { blessings } = builtInScenario('twin-sails')!;
    const { events, board } = await voyage(twinSailsLoss(blessings));
    expect(board).toMatchObject({ status: 'lost', blessings: { deck: 0, discard: blessings } });
    expect(events.at(-1)).toBe('ScenarioLost');
  });

  it('answers a broken navigation rule with 422 and its rule id, and never shows the stack', async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [first] = game.seats;
    // The Gull faces a covered hex from the harbour: nothing to explore there.
    const refused = await send(app, game.gameId, first, { type: 'Navigate', steps: [{ action: 'explore' }] }).expect(422);
    expect(refused.body).toMatchObject({ rule: 'explore.hex-covered' });
    // Into the squall over the harbour mouth: an explore that starts on a storm costs 2, more
    // than the one point a move leaves, so the Gull charts with its next order.
    const squall = await send(app, game.gameId, first, { type: 'Navigate', steps: [{ action: 'move' }, { action: 'explore' }] }).expect(422);
    expect(squall.body).toMatchObject({ rule: 'navigation.insufficient-points' });
    await play(app, game.gameId, first, { type: 'Navigate', steps: [{ action: 'move' }] });
    const charted = await play(app, game.gameId, first, { type: 'Navigate', steps: [{ action: 'explore' }] });
    const explored = charted.events.find((e) => e.type === 'TileExplored');
    // The stack is shuffled per act at setup: the first tile drawn is one of act 1's.
    const scenario = builtInScenario('twin-sails')!;
    const actOne = scenario.tiles.filter((t) => t.act === 1 && scenario.stack.includes(t.tileId));
    const drawn = actOne.find((t) => t.tileId === explored?.data.tileId);
    expect(drawn).toBeDefined();
    expect(explored?.data).toMatchObject({ shipId: 'gull', hex: { q: 0, r: -2 }, clues: drawn!.clues, cost: 2 });
    const seen = JSON.stringify([charted, await view(app, game.gameId, first)]);
    for (const unplaced of scenario.stack.filter((id) => id !== drawn!.tileId)) expect(seen).not.toContain(unplaced);
  });
});
