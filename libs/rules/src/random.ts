// Randomness is an input to the rules [D §11]: the server passes a source when a command is
// decided, and every outcome drawn lands in the events, so folding never rolls again.

export interface Rng {
  /** A whole number in [min, max], both inclusive. */
  int(min: number, max: number): number;
}

export const rollDie = (rng: Rng, sides: number): number => rng.int(1, sides);

/** Fisher-Yates with the given source; returns a new array. */
export const shuffle = <T>(rng: Rng, items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/** Deterministic source for tests and simulations (mulberry32). Not for live games. */
export const seededRng = (seed: number): Rng => {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
};

/** A source that answers with the given values in order, for given/when/then tests. */
export const scriptedRng = (values: number[]): Rng => {
  const queue = [...values];
  return {
    int(min, max) {
      const value = queue.shift();
      if (value === undefined) throw new Error(`scriptedRng: no value left for int(${min}, ${max})`);
      if (value < min || value > max) throw new Error(`scriptedRng: ${value} is outside [${min}, ${max}]`);
      return value;
    },
  };
};

/**
 * Wraps a source so every value it gives is kept, in order: the draws a decision made, recorded
 * with its action so that the same decision can be made again (`scriptedRng(draws)`) to check it.
 */
export const recordingRng = (rng: Rng): { rng: Rng; draws: number[] } => {
  const draws: number[] = [];
  return {
    draws,
    rng: {
      int(min, max) {
        const value = rng.int(min, max);
        draws.push(value);
        return value;
      },
    },
  };
};
