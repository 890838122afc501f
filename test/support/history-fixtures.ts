// The small sea the undo/redo and takeback specs play on, and the dice they play with.
import { seededRng, type Rng } from '@logbook/rules';
import { LOOKOUT, NAVIGATOR, sea, stackTile } from '@logbook/rules/navigation/testing/sea-kit';

/** One ship on the rim of a radius-1 sea, two tiles to explore. */
export const rim = () =>
  sea({
    radius: 1,
    ship: { hex: { q: 0, r: -1 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] },
    stack: [stackTile('misty', 1, 6), stackTile('shoals', 1, 6)],
  });

export const turnCw = { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] };

/**
 * The server's dice for these specs: seeded, and a d6 never shows 6, so the plunder stashed at
 * setup never waits for a choice and every game starts on seat 1's orders with nothing to undo.
 */
export const noSixes = (): Rng => {
  const dice = seededRng(11);
  return { int: (min, max) => (min === 1 && max === 6 ? dice.int(1, 5) : dice.int(min, max)) };
};
