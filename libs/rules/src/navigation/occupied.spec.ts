import type { GameCommand } from '../commands';
import { given } from '../testing/decider-spec';
import type { Hex } from '../hex';
import type { PlayerShipDefinition } from '../scenario';
import { LOOKOUT, NAVIGATOR, atSea, cw, end, move, play, start, type Chart } from './testing/sea-kit';

const tern = (hex: Hex, shipId = 'tern'): PlayerShipDefinition => ({ shipId, card: 'red-lantern', hex, facing: 0, crew: [] });
const threePoints = [NAVIGATOR, { ...NAVIGATOR, crewId: 'ash', node: 'navigation-2' }, LOOKOUT];
const navigate = (...steps: Array<'move' | 'cw'>): GameCommand => ({
  type: 'Navigate',
  steps: steps.map((s) => (s === 'move' ? { action: 'move' } : { action: 'turn', direction: 'cw' })),
});

/** The gull at (0,0) facing north, another player ship just ahead at (0,-1). */
const blocked = (options: { chart?: Chart; crew?: typeof threePoints; more?: PlayerShipDefinition[] } = {}) =>
  atSea({ chart: options.chart, ship: { crew: options.crew }, otherShips: [tern({ q: 0, r: -1 }), ...(options.more ?? [])] });

describe('[N] occupied hexes', () => {
  describe('a player ship may sail through another player ship', () => {
    it('when the points left after entering can still reach an unoccupied hex', () => {
      given(play(blocked(), start))
        .when(move)
        .then((events) => expect(events[0]).toMatchObject({ type: 'ShipMoved', data: { to: { q: 0, r: -1 } } }));
    });

    it('and on through a second one when the points still reach open water', () => {
      const two = blocked({ crew: threePoints, more: [tern({ q: 0, r: -2 }, 'heron')] });
      given(two)
        .when(navigate('move', 'move', 'move'))
        .then((_events, after) => expect(after.ships.gull.hex).toEqual({ q: 0, r: -3 }));
    });

    it('not when no point would be left to get out', () => {
      given(play(blocked({ crew: [LOOKOUT] }), start))
        .when(move)
        .thenRejects('navigation.no-unoccupied-hex-reachable');
    });

    it('counting the real cost of the way out (rough seas beyond cost two)', () => {
      given(play(blocked({ chart: { '0,-2': 'rough', '-1,-1': 'island', '1,-2': 'island' } }), start))
        .when(move)
        .thenRejects('navigation.no-unoccupied-hex-reachable');
    });

    it('searching turns too when straight ahead is land', () => {
      const chart: Chart = { '0,-2': 'island' };
      given(play(blocked({ chart }), start))
        .when(move)
        .thenRejects('navigation.no-unoccupied-hex-reachable');
      given(blocked({ chart, crew: threePoints }))
        .when(navigate('move', 'cw', 'move'))
        .then((_events, after) => expect(after.ships.gull.hex).toEqual({ q: 1, r: -2 }));
    });

    it('[D] but never through an enemy ship: the search does not pass one', () => {
      const chart: Chart = { '-1,-1': 'island', '1,-2': 'island' };
      const scenario = atSea({
        chart,
        ship: { crew: threePoints },
        otherShips: [tern({ q: 0, r: -1 })],
        enemyShips: [{ enemyShipId: 'raider', card: 'iron-widow', hex: { q: 0, r: -2 } }],
      });
      // Ahead: the tern, then the raider; either side of the tern lies land.
      given(play(scenario, start)).when(move).thenRejects('navigation.no-unoccupied-hex-reachable');
    });
  });

  describe('[N] you can’t end your movement on an occupied space', () => {
    it('refuses to end the order there', () => {
      given(play(blocked(), start, move))
        .when(end)
        .thenRejects('navigation.ends-on-occupied-hex');
    });

    it('refuses an action that would leave no way out (a turn spending the last point)', () => {
      given(play(blocked(), start, move))
        .when(cw)
        .thenRejects('navigation.no-unoccupied-hex-reachable');
    });

    it('refuses a whole planned order that ends there', () => {
      given(blocked()).when(navigate('move')).thenRejects('navigation.ends-on-occupied-hex');
    });

    it('accepts the order once the ship has moved on', () => {
      given(play(blocked(), start, move, move))
        .when(end)
        .then([{ type: 'NavigationOrderCompleted', data: { shipId: 'gull', unusedPoints: 0 } }]);
    });
  });
});
