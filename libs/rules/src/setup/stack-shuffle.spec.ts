// [stack.shuffled] the tile stack is shuffled per act at setup, recorded as a secret; a scenario
// may keep a designed order with stackOrder: 'as-listed'.
import { decide } from '../decide';
import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { seededRng } from '../random';
import { initialState } from '../state';
import { createGameCommand, firstVoyage } from '../testing/fixtures';
import { redactEvent } from '../view';

const setup = (seed: number, tweak: (s: ReturnType<typeof firstVoyage>) => void = () => undefined): GameEvent[] => {
  const scenario = firstVoyage();
  tweak(scenario);
  return decide(initialState(), createGameCommand(scenario), { seat: null, rng: seededRng(seed) });
};

describe('[stack.shuffled] the tile stack at setup', () => {
  it('is shuffled within each act: the first tile drawn differs between games', () => {
    const scenario = firstVoyage();
    const acts = new Map(scenario.tiles.map((t) => [t.tileId, t.act]));
    const firsts = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const stack = foldEvents(setup(seed)).stack;
      expect([...stack].sort()).toEqual([...scenario.stack].sort());
      // Still grouped by act, act 1 first.
      expect(stack.map((id) => acts.get(id))).toEqual(scenario.stack.map((id) => acts.get(id)));
      firsts.add(stack[0]);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('is recorded as a secret no seat sees while the game goes on', () => {
    const shuffled = setup(7).find((e) => e.type === 'TileStackShuffled')!;
    expect(shuffled.secret!.visibleTo).toEqual([]);
    for (const viewer of [null, 1]) expect(redactEvent(shuffled, viewer, 'active')).not.toHaveProperty('secret');
  });

  it("keeps the listed order with stackOrder: 'as-listed', drawing nothing", () => {
    const events = setup(7, (s) => (s.stackOrder = 'as-listed'));
    expect(events.some((e) => e.type === 'TileStackShuffled')).toBe(false);
    expect(foldEvents(events).stack).toEqual(firstVoyage().stack);
  });
});
