import { given } from '../testing/decider-spec';
import { atSea, cw, explore, move, play, stackTile, start } from './testing/sea-kit';

const costOf = (events: ReturnType<typeof play>) => (events[0].data as { cost: number }).cost;

describe('[N] what a navigation action costs', () => {
  it('normally one point', () => {
    given(play(atSea(), start))
      .when(move)
      .then((events) => expect(costOf(events)).toBe(1));
  });

  describe('[N] on Rough Seas: two points when the action starts or ends there', () => {
    it('a move that ends on rough seas', () => {
      given(play(atSea({ chart: { '0,-1': 'rough' } }), start))
        .when(move)
        .then((events) => expect(costOf(events)).toBe(2));
    });
    it('a move that starts on rough seas', () => {
      given(play(atSea({ chart: { '0,0': 'rough' } }), start))
        .when(move)
        .then((events) => expect(costOf(events)).toBe(2));
    });
    it('a turn on rough seas', () => {
      given(play(atSea({ chart: { '0,0': 'rough' } }), start))
        .when(cw)
        .then((events) => expect(costOf(events)).toBe(2));
    });
    it('exploring from rough seas', () => {
      const scenario = { radius: 1, chart: { '0,-1': 'rough' as const }, ship: { hex: { q: 0, r: -1 } }, stack: [stackTile('t1', 1, 1)] };
      given(play(atSea(scenario), start))
        .when(explore())
        .then((events) => expect(costOf(events)).toBe(2));
    });
    it('is illegal when only one point is left', () => {
      given(play(atSea({ chart: { '0,-2': 'rough' } }), start, move))
        .when(move)
        .thenRejects('navigation.insufficient-points');
    });
  });

  describe('[N] on a Storm: the same penalty when the action starts there', () => {
    const storms = [{ q: 0, r: 0 }];
    it('a move that starts on a storm costs two', () => {
      given(play(atSea({ storms }), start))
        .when(move)
        .then((events) => expect(costOf(events)).toBe(2));
    });
    it('a move that only ends on a storm costs one', () => {
      given(play(atSea({ storms: [{ q: 0, r: -1 }] }), start))
        .when(move)
        .then((events) => expect(costOf(events)).toBe(1));
    });
    it('exploring from a storm costs two and deals no damage (it does not change orientation)', () => {
      const scenario = { radius: 1, storms: [{ q: 0, r: -1 }], ship: { hex: { q: 0, r: -1 } }, stack: [stackTile('t1', 1, 1)] };
      given(play(atSea(scenario), start))
        .when(explore())
        .then((events) => {
          expect(costOf(events)).toBe(2);
          expect(events.map((e) => e.type)).toEqual(['TileExplored']);
        });
    });
  });
});
