import { coverTile, isCovered, placeTileHexes, placementRotation, tileHasUnpurgedAltar } from './board';
import { foldEvents } from './evolve';
import { atSea, stackTile } from './navigation/testing/sea-kit';

const probe = stackTile('probe', 1, 1, { '0,-1': 'island' });

describe('the board', () => {
  it('places a tile by rotating each offset around its anchor', () => {
    const hexes = placeTileHexes(probe, { q: 5, r: 0 }, 2, [{ q: 6, r: 0 }]);
    // (0,-1) rotated twice clockwise: (0,-1) → (1,-1) → (1,0)
    expect(hexes.find((h) => h.terrain === 'island')).toMatchObject({ q: 6, r: 0, tileId: 'probe', storm: true });
    expect(hexes.find((h) => h.q === 5 && h.r === 0)).toMatchObject({ terrain: 'sea', storm: false });
  });

  it('a hex is covered once a placed tile includes it', () => {
    const state = foldEvents(atSea({ radius: 1 }));
    expect(isCovered(state, { q: 1, r: 0 })).toBe(true);
    expect(isCovered(state, { q: 2, r: 0 })).toBe(false);
    coverTile(state, probe, { q: 0, r: -2 }, 0);
    expect(isCovered(state, { q: 0, r: -3 })).toBe(true);
    expect(state.tiles.map((t) => t.tileId)).toEqual(['open-sea', 'probe']);
  });

  describe('choosing a rotation', () => {
    const state = foldEvents(atSea({ radius: 1 }));
    it('uses the named rotation when the tile fits that way', () => {
      expect(placementRotation(state, probe, { q: 0, r: -2 }, 5)).toBe(5);
    });
    it('otherwise takes the first of 0..5 that overlaps no placed tile', () => {
      // Anchored south-east of the disc: rotations 0, 4 and 5 reach back over it.
      expect(placementRotation(state, probe, { q: 2, r: 0 })).toBe(1);
      expect(placementRotation(state, probe, { q: 2, r: 0 }, 4)).toBe(1);
    });
    it('finds none when every rotation overlaps', () => {
      const tight = foldEvents(atSea({ radius: 1 }));
      coverTile(tight, stackTile('wall', 1, 0), { q: 2, r: -2 }, 1);
      coverTile(tight, stackTile('wall-2', 1, 0), { q: 1, r: 1 }, 3);
      expect(placementRotation(tight, probe, { q: 2, r: -1 })).toBeUndefined();
    });
  });

  describe('altars [D §2]', () => {
    const altarTile = stackTile('shrine', 1, 1, { '0,-1': 'altar' });
    it('a tile has an unpurged altar while its altar hex is not purged', () => {
      const state = foldEvents(atSea({ radius: 1 }));
      coverTile(state, altarTile, { q: 0, r: -2 }, 0);
      expect(tileHasUnpurgedAltar(state, 'shrine')).toBe(true);
      expect(tileHasUnpurgedAltar(state, 'open-sea')).toBe(false);
      state.purgedAltars.push('0,-3');
      expect(tileHasUnpurgedAltar(state, 'shrine')).toBe(false);
    });
  });
});
