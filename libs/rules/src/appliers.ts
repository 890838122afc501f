// The shape of a feature's appliers, apart from evolve.ts: every feature's *.evolve.ts names it
// and evolve.ts imports every feature's appliers, so it cannot live in either without a circle.
import type { GameState } from './state';

/** One applier per event type of a feature; the compiler checks every type has one. */
export type Appliers<E extends { type: string }> = {
  [K in E['type']]: (state: GameState, event: Extract<E, { type: K }>) => void;
};
