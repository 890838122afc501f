import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { given } from '../testing/decider-spec';
import { LOOKOUT, NAVIGATOR, WAYFINDER_CREW, atSea, explore, move, play, stackTile, start, type SeaOptions } from './testing/sea-kit';

// A small disc (radius 1) with the ship on its north rim facing out: the faced hex (0,-2) is uncovered.
const rim = (options: SeaOptions = {}): SeaOptions => ({
  radius: 1,
  stack: [stackTile('misty', 1, 2), stackTile('shoals', 1, 3), stackTile('cove', 2, 3), stackTile('crown', 3, 4)],
  ...options,
  ship: { hex: { q: 0, r: -1 }, facing: 0, ...options.ship },
});
const actAdvanced = (from: number, to: number): GameEvent => ({ type: 'ActAdvanced', data: { from, to, clues: 0, spawned: [] } });

describe('[N] exploring', () => {
  describe('with a crew member in the Crow’s Nest, facing an uncovered hex', () => {
    it('draws the first tile of the stack for one point and places it on the faced hex', () => {
      given(play(atSea(rim()), start))
        .when(explore())
        .then([
          {
            type: 'TileExplored',
            data: { shipId: 'gull', tileId: 'misty', hex: { q: 0, r: -2 }, rotation: 0, clues: 2, cost: 1, tile: stackTile('misty', 1, 2) },
          },
        ]);
    });

    it('gains the clues on the back of the tile', () => {
      given(play(atSea(rim()), start))
        .when(explore())
        .then((_events, after) => expect(after.clues).toBe(2));
    });

    it('covers the explored hex with the new tile', () => {
      given(play(atSea(rim()), start))
        .when(explore())
        .then((_events, after) => {
          expect(after.hexes['0,-2']).toMatchObject({ tileId: 'misty', terrain: 'sea' });
          expect(after.tiles.map((t) => t.tileId)).toEqual(['open-sea', 'misty']);
        });
    });

    it('[N] does not move the ship onto the explored hex', () => {
      given(play(atSea(rim()), start))
        .when(explore())
        .then((_events, after) => expect(after.ships.gull).toMatchObject({ hex: { q: 0, r: -1 }, facing: 0 }));
    });

    it('[D] an anchored ship may explore', () => {
      given(play(atSea(rim({ ship: { anchored: true } })), start))
        .when(explore())
        .then((events) => expect(events[0].type).toBe('TileExplored'));
    });

    it('puts a storm overlay on the hexes of the new tile that lie under a storm', () => {
      given(play(atSea(rim({ storms: [{ q: 0, r: -3 }] })), start))
        .when(explore())
        .then((_events, after) => expect(after.hexes['0,-3'].storm).toBe(true));
    });
  });

  it('[N] needs a crew member in the Crow’s Nest Node', () => {
    given(play(atSea(rim({ ship: { crew: [NAVIGATOR] } })), start))
      .when(explore())
      .thenRejects('explore.no-lookout');
  });

  it('[N] needs the faced hex to be uncovered', () => {
    given(play(atSea(rim({ ship: { hex: { q: 0, r: 0 } } })), start))
      .when(explore())
      .thenRejects('explore.hex-covered');
  });

  it('[N] costs a navigation point like any action', () => {
    given(play(atSea(rim({ radius: 2, ship: { crew: [LOOKOUT] } })), start, move))
      .when(explore())
      .thenRejects('navigation.insufficient-points');
  });

  describe('[N] only tiles of the current or the previous act', () => {
    it('finds none in act 1 when only later acts are left', () => {
      given(play(atSea(rim({ stack: [stackTile('cove', 2, 3)] })), start))
        .when(explore())
        .thenRejects('explore.no-tile-for-act');
    });

    it('in act 2 still draws a leftover act 1 tile first', () => {
      given(play([...atSea(rim()), actAdvanced(1, 2)], start))
        .when(explore())
        .then((events) => expect(events[0]).toMatchObject({ data: { tileId: 'misty' } }));
    });

    it('in act 3 skips act 1 tiles and draws the first of act 2', () => {
      given(play([...atSea(rim()), actAdvanced(1, 2), actAdvanced(2, 3)], start))
        .when(explore())
        .then((events) => expect(events[0]).toMatchObject({ data: { tileId: 'cove' } }));
    });

    it('finds none once the stack is empty', () => {
      given(play(atSea(rim({ stack: [] })), start))
        .when(explore())
        .thenRejects('explore.no-tile-for-act');
    });
  });

  describe('[N] placing the tile so it covers the explored hex', () => {
    // On the east rim facing SE, rotations 0, 4 and 5 would reach back over the disc.
    const east = rim({ ship: { hex: { q: 1, r: 0 }, facing: 2 } });

    it('at the rotation the player names when the tile fits that way', () => {
      given(play(atSea(east), start))
        .when(explore(3))
        .then((events) => expect(events[0]).toMatchObject({ data: { hex: { q: 2, r: 0 }, rotation: 3 } }));
    });

    it('[D] at the first of 0..5 that fits when none is named, or the named one does not fit', () => {
      given(play(atSea(east), start))
        .when(explore())
        .then((events) => expect(events[0]).toMatchObject({ data: { rotation: 1 } }));
      given(play(atSea(east), start))
        .when(explore(5))
        .then((events) => expect(events[0]).toMatchObject({ data: { rotation: 1 } }));
    });

    it('[D] is illegal where the tile fits at no rotation, without naming the tile', () => {
      // A cove between two arms of the disc: every rotation of the next tile overlaps.
      const cove = atSea({
        radius: 2,
        chart: {},
        ship: { hex: { q: 0, r: 0 }, facing: 0 },
        tweak: (s) => {
          s.tiles[0].hexes = s.tiles[0].hexes.filter((h) => !(h.q === 0 && h.r === -1));
        },
        stack: [stackTile('misty', 1, 2)],
      });
      given(play(cove, start)).when(explore()).thenRejects('explore.no-fit');
      expect(() => play(cove, start, explore())).toThrow(/at any rotation/);
      expect(() => play(cove, start, explore())).not.toThrow(/misty/);
    });

    it('refuses a rotation outside 0..5', () => {
      given(play(atSea(rim()), start))
        .when({ type: 'ExploreTile', rotation: 7 as 0 })
        .thenRejects('command.invalid');
    });
  });

  describe('[N] with a WAYFINDER aboard', () => {
    it('explores without a crew member in the Crow’s Nest and without spending points', () => {
      given(play(atSea(rim({ ship: { crew: [WAYFINDER_CREW] } })), start))
        .when(explore())
        .then((events, after) => {
          expect(events[0]).toMatchObject({ type: 'TileExplored', data: { cost: 0 } });
          expect(after.navigation?.pointsLeft).toBe(1);
        });
    });

    it('explores even with no points left', () => {
      const scenario = rim({ radius: 2, ship: { hex: { q: 0, r: -1 }, crew: [WAYFINDER_CREW] } });
      given(play(atSea(scenario), start, move))
        .when(explore())
        .then((events) => expect(events[0]).toMatchObject({ data: { hex: { q: 0, r: -3 }, cost: 0 } }));
    });
  });

  describe('hidden information', () => {
    it('shows the face of the tile placed, which is public once placed', () => {
      given(play(atSea(rim()), start))
        .when(explore())
        .then((events) => {
          expect(events[0].secret).toBeUndefined();
          expect(events[0].data).toMatchObject({ tile: { tileId: 'misty', act: 1, clues: 2, hexes: expect.any(Array) } });
        });
    });

    it('names only the drawn tile: the rest of the stack never appears in the events', () => {
      const events = play(atSea(rim()), start, explore());
      const explored = events.slice(events.findIndex((e) => e.type === 'TileExplored'));
      expect(JSON.stringify(explored)).not.toMatch(/shoals|cove|crown/);
      expect(foldEvents(events).stack).toEqual(['shoals', 'cove', 'crown']);
    });
  });
});
