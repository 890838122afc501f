import { randomInt } from 'node:crypto';
import type { Rng } from '@logbook/rules';

/** Injection token of the random source commands are decided with (tests inject a seeded one). */
export const RNG = Symbol('RNG');

/** Live games draw from the operating system's CSPRNG: outcomes cannot be predicted by players. */
export const cryptoRng: Rng = { int: (min, max) => randomInt(min, max + 1) };
