// Flat-topped hexes in axial coordinates {q, r}, as the rules draw them ([D] libs/rules/src/hex.ts):
// facing 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW, clockwise +1.
import type { Hex } from './types';

const DIRECTIONS: Hex[] = [
  { q: 0, r: -1 },
  { q: 1, r: -1 },
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
];

export const hexKey = (hex: Hex): string => `${hex.q},${hex.r}`;
export const sameHex = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
export const neighbor = (hex: Hex, facing: number): Hex => {
  const d = DIRECTIONS[((facing % 6) + 6) % 6];
  return { q: hex.q + d.q, r: hex.r + d.r };
};
export const neighbors = (hex: Hex): Hex[] => DIRECTIONS.map((_, facing) => neighbor(hex, facing));

/** Centre of a hex in pixels for a hex of circumradius `size`. */
export const hexToPixel = (hex: Hex, size: number): { x: number; y: number } => ({
  x: size * 1.5 * hex.q,
  y: size * Math.sqrt(3) * (hex.r + hex.q / 2),
});

/** The six corners of a flat-topped hex, as an SVG `points` list. */
export const hexCorners = (cx: number, cy: number, size: number): string =>
  Array.from({ length: 6 }, (_, i) => {
    const angle = (Math.PI / 180) * (60 * i);
    return `${(cx + size * Math.cos(angle)).toFixed(2)},${(cy + size * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');

/** Degrees clockwise from north for a facing, for rotating a ship drawn pointing up. */
export const facingDegrees = (facing: number): number => facing * 60;

/** The uncovered hexes next to the covered ones: the edge of the known sea. */
export function frontier(covered: Hex[]): Hex[] {
  const known = new Set(covered.map(hexKey));
  const edge = new Map<string, Hex>();
  for (const hex of covered) {
    for (const next of neighbors(hex)) {
      const key = hexKey(next);
      if (!known.has(key)) edge.set(key, next);
    }
  }
  return [...edge.values()];
}
