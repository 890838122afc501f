// Board geometry [D]: flat-topped hexes in axial coordinates {q, r}.

export interface Hex {
  q: number;
  r: number;
}

/** 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW; clockwise is +1 mod 6. */
export type Facing = 0 | 1 | 2 | 3 | 4 | 5;
export type TurnDirection = 'cw' | 'ccw';
export type Rotation = Facing;

export const FACINGS: readonly Facing[] = [0, 1, 2, 3, 4, 5];

const DIRECTION_VECTORS: Record<Facing, Hex> = {
  0: { q: 0, r: -1 },
  1: { q: 1, r: -1 },
  2: { q: 1, r: 0 },
  3: { q: 0, r: 1 },
  4: { q: -1, r: 1 },
  5: { q: -1, r: 0 },
};

export const hexKey = (hex: Hex): string => `${hex.q},${hex.r}`;
export const sameHex = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
export const addHex = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });

/** The hex one step away in the given facing. */
export const neighbor = (hex: Hex, facing: Facing): Hex => addHex(hex, DIRECTION_VECTORS[facing]);

export const areAdjacent = (a: Hex, b: Hex): boolean => hexDistance(a, b) === 1;

export const hexDistance = (a: Hex, b: Hex): number => {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
};

/** [N] a turn is one 60 degree step clockwise or counter-clockwise. */
export const turnFacing = (facing: Facing, direction: TurnDirection): Facing => ((facing + (direction === 'cw' ? 1 : 5)) % 6) as Facing;

/** [D] one clockwise rotation step maps a tile offset (q, r) to (-r, q + r). */
export const rotateOffset = (offset: Hex, rotation: Rotation): Hex => {
  let { q, r } = offset;
  for (let i = 0; i < rotation; i++) {
    [q, r] = [-r, q + r];
  }
  // Normalise -0 so keys and equality stay stable.
  return { q: q + 0, r: r + 0 };
};

export const isFacing = (value: unknown): value is Facing => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 5;
