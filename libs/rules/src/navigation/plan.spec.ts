import type { GameCommand } from '../commands';
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
    const planned = given(onRim()).when(navigate({ action: 'turn', direction: 'cw' }, { action: 'move' })).events();
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
    expect(() => given(before).when(navigate({ action: 'turn', direction: 'cw' }, { action: 'explore' })).events()).toThrow();
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
      .when(navigate({ action: 'explore' }, { action: 'move' }, { action: 'move' }))
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
