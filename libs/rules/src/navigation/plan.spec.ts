import type { GameCommand } from '../commands';
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { given } from '../testing/decider-spec';
import type { NavigationStep } from './navigation.commands';
import { atSea, move, play, stackTile, start } from './testing/sea-kit';

const navigate = (...steps: NavigationStep[]): GameCommand => ({ type: 'Navigate', steps });
const onRim = () => atSea({ radius: 2, ship: { hex: { q: 0, r: -1 } }, stack: [stackTile('misty', 1, 2)] });

describe('a whole Navigation order given as one plan (Navigate)', () => {
  it('issues the order, applies every step in order and ends it', () => {
    given(onRim())
      .when(navigate({ action: 'move' }, { action: 'explore', rotation: 0 }))
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['NavigationOrderIssued', 'ShipMoved', 'TileExplored', 'NavigationOrderCompleted']);
        expect(events[3]).toEqual({ type: 'NavigationOrderCompleted', data: { shipId: 'gull', unusedPoints: 0 } });
        expect(after.navigation).toBeNull();
        expect(after.turn?.ordersLeft).toBe(2);
      });
  });

  it('gives the same events as the same order step by step', () => {
    const planned = given(onRim())
      .when(navigate({ action: 'turn', direction: 'cw' }, { action: 'move' }))
      .events();
    const stepped = play(onRim(), start, { type: 'TurnShip', direction: 'cw' }, move, { type: 'EndNavigation' }).slice(onRim().length);
    expect(planned).toEqual(stepped);
  });

  it('is applied whole or not at all: a step that breaks a rule rejects the plan with that rule', () => {
    const plan = navigate({ action: 'move' }, { action: 'move' }, { action: 'move' });
    given(atSea()).when(plan).thenRejects('navigation.insufficient-points');
    expect(() => given(atSea()).when(plan).events()).toThrow(/^Step 3 \(move\)/);
  });

  it('leaves nothing behind when rejected: the game is as before', () => {
    const before = onRim();
    expect(() =>
      given(before)
        .when(navigate({ action: 'turn', direction: 'cw' }, { action: 'explore' }))
        .events(),
    ).toThrow();
    expect(foldEvents(before).navigation).toBeNull();
  });

  it('may be empty: the order is issued and ends at once, its points lost', () => {
    given(onRim())
      .when(navigate())
      .then((events) => expect(events[1]).toEqual({ type: 'NavigationOrderCompleted', data: { shipId: 'gull', unusedPoints: 2 } }));
  });

  it('cannot start while a Navigation order is open', () => {
    given(play(onRim(), start)).when(navigate()).thenRejects('navigation.order-in-progress');
  });

  it('refuses an unknown action', () => {
    given(onRim())
      .when(navigate({ action: 'fly' } as unknown as NavigationStep))
      .thenRejects('command.invalid');
  });

  it('[D] stops at the step that wins the scenario: nothing happens after the end', () => {
    const winning = atSea({
      radius: 1,
      ship: { hex: { q: 0, r: -1 } },
      stack: [stackTile('crown', 1, 12)],
    });
    given(winning)
      .when(navigate({ action: 'explore' }))
      .then((events, after) => {
        const types = events.map((e) => e.type);
        expect(types.slice(0, 2)).toEqual(['NavigationOrderIssued', 'TileExplored']);
        expect(types.at(-1)).toBe('ScenarioWon');
        expect(types).not.toContain('ShipMoved');
        expect(after.status).toBe('won');
        expect(after.navigation).toBeNull();
      });
  });
});

describe('[navigation.plan-explore-last] an explore may only be the last step of a plan', () => {
  // The Gull at (0,-2) on the rim faces the uncovered (0,-3): exploring there places the next tile
  // with its anchor hex on (0,-3), the hex a move after the explore would enter.
  const facingTheUnknown = (anchorTerrain: 'sea' | 'island') =>
    atSea({ radius: 2, ship: { hex: { q: 0, r: -2 } }, stack: [stackTile('next', 1, 2, { '0,0': anchorTerrain })] });
  const exploreThenMove = navigate({ action: 'explore' }, { action: 'move' });

  /** The refusal, with no draw allowed: any dice or draw would throw a plain Error instead. */
  const refusal = (events: GameEvent[]): RuleViolation => {
    try {
      given(events).when(exploreThenMove, { rolls: [] }).events();
    } catch (error) {
      if (error instanceof RuleViolation) return error;
      throw error;
    }
    throw new Error('the plan was accepted');
  };

  it('refuses [explore, move] up front: nothing is drawn, the stack is unchanged', () => {
    const before = facingTheUnknown('sea');
    given(before).when(exploreThenMove, { rolls: [] }).thenRejects('navigation.plan-explore-last');
    expect(refusal(before).message).toMatch(/^Step 1 \(explore\)/);
    const state = foldEvents(before);
    expect(state.stack).toEqual(['next']);
    expect(state.hexes['0,-3']).toBeUndefined();
    expect(state.clues).toBe(0);
    expect(state.navigation).toBeNull();
    expect(state.turn?.ordersLeft).toBe(3);
  });

  it('still accepts an explore as the last step: [move, explore]', () => {
    given(onRim())
      .when(navigate({ action: 'move' }, { action: 'explore' }))
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['NavigationOrderIssued', 'ShipMoved', 'TileExplored', 'NavigationOrderCompleted']);
        expect(after.stack).toEqual([]);
        expect(after.hexes['0,-3']).toBeDefined();
      });
  });

  it('answers the same whatever tile lies next in the stack', () => {
    // Were the move decided against the placed tile, the island would refuse it and the sea not.
    const onIsland = refusal(facingTheUnknown('island'));
    const onSea = refusal(facingTheUnknown('sea'));
    expect(onIsland.rule).toBe('navigation.plan-explore-last');
    expect({ rule: onIsland.rule, message: onIsland.message }).toEqual({ rule: onSea.rule, message: onSea.message });
  });

  it('does not bind step-by-step orders: explore, then move, in one open order', () => {
    const log = play(facingTheUnknown('sea'), start, { type: 'ExploreTile' }, move, { type: 'EndNavigation' });
    const state = foldEvents(log);
    expect(state.stack).toEqual([]);
    expect(state.ships.gull.hex).toEqual({ q: 0, r: -3 });
  });
});
