import { FACINGS, areAdjacent, hexDistance, hexKey, neighbor, rotateOffset, turnFacing, type Facing } from './hex';

describe('hex geometry (flat-topped, axial {q, r})', () => {
  it.each([
    [0, 'N', { q: 0, r: -1 }],
    [1, 'NE', { q: 1, r: -1 }],
    [2, 'SE', { q: 1, r: 0 }],
    [3, 'S', { q: 0, r: 1 }],
    [4, 'SW', { q: -1, r: 1 }],
    [5, 'NW', { q: -1, r: 0 }],
  ])('facing %i (%s) steps to %j', (facing, _name, step) => {
    expect(neighbor({ q: 0, r: 0 }, facing as Facing)).toEqual(step);
  });

  it('numbers the six facings clockwise from north', () => {
    expect(FACINGS).toEqual([0, 1, 2, 3, 4, 5]);
  });

  describe('turning [N] one 60 degree step', () => {
    it('clockwise is facing + 1 mod 6', () => {
      expect(FACINGS.map((f) => turnFacing(f, 'cw'))).toEqual([1, 2, 3, 4, 5, 0]);
    });
    it('counter-clockwise is facing − 1 mod 6', () => {
      expect(FACINGS.map((f) => turnFacing(f, 'ccw'))).toEqual([5, 0, 1, 2, 3, 4]);
    });
  });

  describe('rotating a tile offset one step clockwise', () => {
    it('maps (q, r) to (−r, q + r)', () => {
      expect(rotateOffset({ q: 2, r: -1 }, 1)).toEqual({ q: 1, r: 1 });
    });
    it('turns each direction vector into the next facing clockwise', () => {
      for (const f of FACINGS) expect(rotateOffset(neighbor({ q: 0, r: 0 }, f), 1)).toEqual(neighbor({ q: 0, r: 0 }, turnFacing(f, 'cw')));
    });
    it('comes back to the start after six steps, with no negative zero in keys', () => {
      const offset = { q: 0, r: -2 };
      expect(rotateOffset(offset, 0)).toEqual(offset);
      expect(hexKey(rotateOffset({ q: 0, r: 0 }, 3))).toBe('0,0');
      expect(rotateOffset(rotateOffset(offset, 5), 1)).toEqual(offset);
    });
    it('rotation 3 mirrors through the anchor', () => {
      expect(rotateOffset({ q: 1, r: -2 }, 3)).toEqual({ q: -1, r: 2 });
    });
  });

  it('measures distance in hex steps', () => {
    expect(hexDistance({ q: 0, r: 0 }, { q: 2, r: -1 })).toBe(2);
    expect(hexDistance({ q: -1, r: 2 }, { q: 1, r: -2 })).toBe(4);
    expect(areAdjacent({ q: 0, r: 0 }, { q: -1, r: 1 })).toBe(true);
    expect(areAdjacent({ q: 0, r: 0 }, { q: 1, r: 1 })).toBe(false);
  });
});
