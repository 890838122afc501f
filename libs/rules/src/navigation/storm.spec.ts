// [N] storms, wired to the structural damage pipeline of ships/structural-damage.ts.
import type { GameCommand } from '../commands';
import type { GameEvent } from '../events';
import { given } from '../testing/decider-spec';
import { NAVIGATOR, WAYFINDER_CREW, atSea, cw, end, move, play, stackTile, start, type SeaOptions } from './testing/sea-kit';

const damageOf = (events: GameEvent[]) => events.filter((e) => e.type === 'StructuralDamageDealt');
const twoNavigators = [NAVIGATOR, { ...NAVIGATOR, crewId: 'ash', node: 'navigation-2' }];
/** The iron widow (no damage reduction, 3 points) in a storm at (0,0). */
const inStorm = (options: SeaOptions = {}) => atSea({ storms: [{ q: 0, r: 0 }], ship: { card: 'iron-widow', crew: twoNavigators }, ...options });

describe('[N] when the ship starts an action on a storm', () => {
  it('turning costs two points and deals 1 structural damage to the ship', () => {
    given(play(inStorm(), start))
      .when(cw)
      .then((events, after) => {
        expect(events[0]).toEqual({ type: 'ShipTurned', data: { shipId: 'gull', from: 0, to: 1, cost: 2 } });
        expect(damageOf(events)).toEqual([expect.objectContaining({ data: expect.objectContaining({ shipId: 'gull', source: 'storm', dealt: 1 }) })]);
        expect(after.pending).toMatchObject({ kind: 'structural-damage', shipId: 'gull', dealt: 1 });
      });
  });

  it('moving costs two points and deals no damage: it does not change the orientation', () => {
    given(play(inStorm(), start))
      .when(move)
      .then((events) => {
        expect(events[0]).toMatchObject({ type: 'ShipMoved', data: { cost: 2 } });
        expect(damageOf(events)).toEqual([]);
      });
  });

  it('turning after sailing out of the storm deals no damage', () => {
    given(play(inStorm(), start, move))
      .when(cw)
      .then((events) => expect(damageOf(events)).toEqual([]));
  });

  describe('the damage response window', () => {
    const turned = play(inStorm(), start, cw);

    it('holds the order: no navigation action until it is resolved', () => {
      given(turned).when(end).thenRejects('pending.response-required');
    });

    it('leaves the order open with its points, to go on once resolved', () => {
      const resolved = play(turned, { type: 'ResolveStructuralDamage' });
      given(resolved)
        .when(end)
        .then((events, after) => {
          expect(events).toEqual([{ type: 'NavigationOrderCompleted', data: { shipId: 'gull', unusedPoints: 1 } }]);
          expect(after.ships.gull.wrecked).toBe(true);
        });
    });
  });

  describe('[D] in a whole planned order (Navigate)', () => {
    const plan: GameCommand = { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }, { action: 'explore' }] };
    // On the rim of a small disc, in a storm, with a WAYFINDER: the turn faces open water to explore for free.
    const rim = (card: string) =>
      atSea({
        radius: 1,
        storms: [{ q: 0, r: -1 }],
        stack: [stackTile('misty', 1, 1)],
        ship: { hex: { q: 0, r: -1 }, card, crew: [NAVIGATOR, WAYFINDER_CREW] },
      });

    it('a storm turn that opens a response window before the last step interrupts the plan', () => {
      given(rim('red-lantern')).when(plan).thenRejects('navigation.plan-interrupted');
    });

    it('as the last step, the plan is applied and the order ends; the window stays open', () => {
      given(rim('red-lantern'))
        .when({ type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] })
        .then((events, after) => {
          expect(events.at(-1)?.type).toBe('NavigationOrderCompleted');
          expect(after.navigation).toBeNull();
          expect(after.pending).toMatchObject({ kind: 'structural-damage', source: 'storm' });
        });
    });

    it('a storm turn whose damage the ship card reduces to nothing does not interrupt it', () => {
      // The gull's card reduces structural damage by 1: the ship is unaffected, no window opens.
      given(rim('gull'))
        .when(plan)
        .then((events) => expect(events.map((e) => e.type)).toContain('TileExplored'));
    });
  });
});
