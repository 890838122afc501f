// Ships, structural damage, wrecks, seizing and plunder, played through the API.
// The server's random source is scripted: dice come from `script.dice`, 0-based picks (shuffles,
// box draws) take the highest index unless `script.picks` says otherwise, so shuffles keep the
// scenario's order and Captain Ysolde holds cutlass, boarding-axe, hull-plates, spyglass,
// first-mate. The Gull starts at the harbour (0,0); the Red Lantern (lantern-1) lies at (0,1).
import type { Rng } from '@logbook/rules';
import { createGame, play, send, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';

const scriptedSource = () => {
  const dice: number[] = [];
  const picks: number[] = [];
  const rng: Rng = {
    int(min, max) {
      if (min === 0) return picks.length > 0 ? picks.shift()! : max;
      const value = dice.shift();
      if (value === undefined || value < min || value > max) throw new Error(`no scripted die for int(${min}, ${max})`);
      return value;
    },
  };
  return { rng, dice: (...values: number[]) => dice.push(...values), picks: (...values: number[]) => picks.push(...values) };
};

const engage = { type: 'EngageShip', enemyShipId: 'lantern-1' };
const types = (body: { events: Array<{ type: string }> }) => body.events.map((e) => e.type);

describe('ships through the API', () => {
  let app: TestApp;
  let script: ReturnType<typeof scriptedSource>;
  let gameId: string;
  let seat: Seat;

  /** A one-seat first voyage; the setup plunder roll is a 1: the Boarding Axe goes under the Gull. */
  const newVoyage = async () => {
    script.dice(1);
    const game = await createGame(app, 'first-voyage', 1);
    gameId = game.gameId;
    seat = game.seats[0];
  };
  const act = (command: Record<string, unknown>, dice: number[] = []) => {
    script.dice(...dice);
    return play(app, gameId, seat, command);
  };

  beforeEach(async () => {
    script = scriptedSource();
    app = await startApp({ rng: script.rng });
    await newVoyage();
  });

  afterEach(() => app.dispose());

  it('an encounter that succeeds stashes a plunder card, unseen, under the ship', async () => {
    // 5 + Melee 2 = 7 against 7; plunder roll 3: an armor, the first in the box (Leather Armor).
    script.picks(0);
    const result = await act(engage, [5, 3]);
    expect(types(result)).toEqual(['OrderGiven', 'ShipEncountered', 'CheckAttempted', 'ShipDefeated', 'PlunderRolled', 'PlunderStashed']);
    const stashed = result.events.find((e) => e.type === 'PlunderStashed')!;
    expect(stashed.data).toEqual({ shipId: 'gull', cardType: 'armor' });
    expect(stashed.secret).toBeUndefined();

    const board = await view(app, gameId, seat);
    expect(board.ships[0].plunder).toEqual({ count: 2 });
    expect(board.enemyShips).toEqual([]);
    expect(JSON.stringify(board)).not.toContain('leather-armor');
  });

  it('a failed encounter wrecks the ship, discards reduce the damage, the wreck loses plunder at the end of the turn, and a repair turns it face up', async () => {
    // 1 + 2 = 3 against 7: 4 structural damage, 3 after the Gull's own power.
    await act(engage, [1]);
    expect((await view(app, gameId, seat)).pending).toMatchObject({ kind: 'structural-damage', shipId: 'gull', dealt: 4, amount: 3 });

    const reduced = await act({ type: 'ReduceStructuralDamage', discard: ['cutlass'] });
    expect(reduced.events[0].data).toMatchObject({ discarded: ['cutlass'], by: 1, amount: 2 });
    const blocked = await send(app, gameId, seat, { type: 'EndTurn' }).expect(422);
    expect(blocked.body.rule).toBe('pending.response-required');

    expect(types(await act({ type: 'ResolveStructuralDamage' }))).toEqual(['StructuralDamageResolved', 'ShipWrecked']);
    expect((await view(app, gameId, seat)).ships[0]).toMatchObject({ wrecked: true, plunder: { count: 1 } });

    const ended = await act({ type: 'EndTurn' });
    const banished = ended.events.find((e) => e.type === 'PlunderBanished')!;
    expect(banished.data).toEqual({ shipId: 'gull', reason: 'wrecked' });
    expect(banished.secret).toBeUndefined();
    expect((await view(app, gameId, seat)).ships[0].plunder).toEqual({ count: 0 });

    // The Gull's repair: Intelligence/Craft 6; Ysolde rolls Intelligence d6.
    expect(types(await act({ type: 'AttemptRepair' }, [6]))).toEqual(['RepairAttempted', 'CheckAttempted', 'ShipRepaired']);
    expect((await view(app, gameId, seat)).ships[0].wrecked).toBe(false);
  });

  it('a commander with a seize power seizes the ship it defeats', async () => {
    // 6 + 2 = 8 against 7; plunder roll 1: a weapon (a Cutlass).
    const result = await act({ ...engage, seize: true }, [6, 1]);
    expect(result.events.find((e) => e.type === 'ShipSeized')!.data).toMatchObject({
      shipId: 'gull',
      fromCardId: 'gull',
      toCardId: 'red-lantern',
      powerCardId: 'boarding-axe',
      checkedOffFleet: false,
    });
    const board = await view(app, gameId, seat);
    expect(board.ships).toEqual([
      expect.objectContaining({ shipId: 'gull', name: 'Red Lantern', hex: { q: 0, r: 0 }, facing: 0, wrecked: false, plunder: { count: 2 } }),
    ]);
    expect(board.enemyShips).toEqual([]);
  });

  it("the end of a scenario turns the plunder under the ship into the party's loot", async () => {
    // Five tiles explored: 2 + 2 + 3 + 3 + 4 clues reach the goal of 12.
    const order = (...steps: Array<Record<string, unknown>>) => act({ type: 'Navigate', steps });
    // A plan may not go on after an explore (navigation.plan-explore-last): explore, then move, step by step.
    const exploreThenMove = async () => {
      for (const type of ['StartNavigation', 'ExploreTile', 'MoveShip', 'EndNavigation']) await act({ type });
    };
    const move = { action: 'move' };
    const explore = { action: 'explore' };
    const cw = { action: 'turn', direction: 'cw' };
    await order(move, cw);
    await exploreThenMove();
    await order(move, explore);
    await act({ type: 'EndTurn' });
    await order(cw, explore);
    await order(move, move);
    await exploreThenMove();
    await act({ type: 'EndTurn' });

    const before = await view(app, gameId, seat);
    expect(before.status).toBe('active');
    expect(before.ships[0].plunder).toEqual({ count: 1 });

    const won = await order(cw, explore);
    expect(types(won)).toEqual(expect.arrayContaining(['PlunderBecameLoot', 'ScenarioWon']));
    const after = await view(app, gameId, seat);
    expect(after.status).toBe('won');
    expect(after.loot).toEqual(['boarding-axe']);
    expect(after.ships[0].plunder).toEqual({ count: 0, cards: [] });
  });

  it('every seat sees the plunder under every ship only as a count', async () => {
    script.dice(1, 2);
    const game = await createGame(app, 'twin-sails', 2);
    for (const viewer of [...game.seats, undefined]) {
      const board = await view(app, game.gameId, viewer);
      expect(board.ships.map((s: { plunder: unknown }) => s.plunder)).toEqual([{ count: 1 }, { count: 1 }]);
    }
  });
});
