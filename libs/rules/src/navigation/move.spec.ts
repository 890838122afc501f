import type { Facing } from '../hex';
import { given } from '../testing/decider-spec';
import { atSea, ccw, cw, move, play, start } from './testing/sea-kit';

describe('[N] moving the ship one step in the direction it faces', () => {
  it.each([
    [0, { q: 0, r: -1 }],
    [1, { q: 1, r: -1 }],
    [2, { q: 1, r: 0 }],
    [3, { q: 0, r: 1 }],
    [4, { q: -1, r: 1 }],
    [5, { q: -1, r: 0 }],
  ])('facing %i it sails to %j for 1 point', (facing, to) => {
    given(play(atSea({ ship: { facing: facing as Facing } }), start))
      .when(move)
      .then((events, after) => {
        expect(events[0]).toMatchObject({ type: 'ShipMoved', data: { shipId: 'gull', from: { q: 0, r: 0 }, to, cost: 1 } });
        expect(after.ships.gull.hex).toEqual(to);
        expect(after.navigation?.pointsLeft).toBe(1);
      });
  });

  it('carries the characters aboard with it', () => {
    given(play(atSea({}, { players: 2 }), start))
      .when(move)
      .then((events, after) => {
        expect(events[0]).toMatchObject({ data: { carried: ['ysolde', 'tamsin'], leftBehind: [] } });
        expect(after.characters.tamsin.hex).toEqual({ q: 0, r: -1 });
      });
  });

  it('cannot sail off the map onto a hex no tile covers', () => {
    given(play(atSea({ radius: 1, ship: { hex: { q: 0, r: -1 } } }), start))
      .when(move)
      .thenRejects('navigation.hex-not-covered');
  });

  it.each(['island', 'altar'] as const)('[D] cannot enter land (%s)', (terrain) => {
    given(play(atSea({ chart: { '0,-1': terrain } }), start))
      .when(move)
      .thenRejects('navigation.terrain-not-enterable');
  });

  it.each(['port', 'shipwreck', 'rough'] as const)('may enter %s', (terrain) => {
    given(play(atSea({ chart: { '0,-1': terrain } }), start))
      .when(move)
      .then((events) => expect(events[0].type).toBe('ShipMoved'));
  });

  it('[D] cannot enter a hex with an enemy ship', () => {
    const enemyShips = [{ enemyShipId: 'raider', card: 'red-lantern', hex: { q: 0, r: -1 } }];
    given(play(atSea({ enemyShips }), start))
      .when(move)
      .thenRejects('navigation.enemy-ship');
  });

  it('[N] costs more points than are left is illegal', () => {
    given(play(atSea(), start, move, move))
      .when(move)
      .thenRejects('navigation.insufficient-points');
  });

  it('needs an open Navigation order', () => {
    given(atSea()).when(move).thenRejects('navigation.no-open-order');
  });
});

describe('[N] turning the ship one step (60 degrees)', () => {
  it('clockwise, for 1 point', () => {
    given(play(atSea(), start))
      .when(cw)
      .then((events, after) => {
        expect(events).toEqual([{ type: 'ShipTurned', data: { shipId: 'gull', from: 0, to: 1, cost: 1 } }]);
        expect(after.ships.gull).toMatchObject({ hex: { q: 0, r: 0 }, facing: 1 });
      });
  });

  it('counter-clockwise, for 1 point', () => {
    given(play(atSea(), start))
      .when(ccw)
      .then([{ type: 'ShipTurned', data: { shipId: 'gull', from: 0, to: 5, cost: 1 } }]);
  });

  it('refuses a direction other than cw or ccw', () => {
    given(play(atSea(), start))
      .when({ type: 'TurnShip', direction: 'about' as 'cw' })
      .thenRejects('command.invalid');
  });
});

describe('[S, D] an anchored ship', () => {
  const anchored = play(atSea({ ship: { anchored: true } }), start);
  it('cannot be moved', () => given(anchored).when(move).thenRejects('ship.anchored'));
  it('cannot be turned', () => given(anchored).when(cw).thenRejects('ship.anchored'));
});
