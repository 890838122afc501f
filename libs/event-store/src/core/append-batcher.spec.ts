import { AppendBatcher, type CommitTiming, type PendingAppend, YIELD_EVERY } from './append-batcher';

/** A batcher whose commit answers every append at once, recording each group's size. */
function batcher(timing: CommitTiming) {
  const groups: number[] = [];
  const store = new AppendBatcher(
    (batch) => {
      groups.push(batch.length);
      for (const append of batch) append.resolve({ nextExpectedRevision: 0, position: 0n, positions: [0n] });
    },
    500,
    timing,
  );
  const append = () =>
    new Promise<void>((resolve, reject) => store.enqueue({ streamId: 's', expected: 'any', events: [], resolve: () => resolve(), reject } as PendingAppend));
  return { groups, append };
}

describe('AppendBatcher', () => {
  describe('next-turn (SQLite: one fsync for what arrives in a turn of the loop)', () => {
    it('commits what was queued in one turn as one group, once the loop turns', async () => {
      const { groups, append } = batcher('next-turn');
      const answered = [append(), append(), append()];
      await Promise.resolve();
      expect(groups).toEqual([]);
      await Promise.all(answered);
      expect(groups).toEqual([3]);
    });
  });

  describe('this-turn (memory: nothing to share)', () => {
    it('commits what was queued together as one group before the loop turns', async () => {
      const { groups, append } = batcher('this-turn');
      let turned = false;
      setImmediate(() => (turned = true));
      await Promise.all([append(), append(), append()]);
      expect(groups).toEqual([3]);
      expect(turned).toBe(false);
    });

    it(`lets the loop turn at least once every ${YIELD_EVERY} groups of a caller that appends one at a time`, async () => {
      const { groups, append } = batcher('this-turn');
      let turns = 0;
      let longest = 0;
      let sinceTurn = 0;
      const ticking = setInterval(() => (turns += 1), 0);
      let done = false;
      const tick = () => {
        sinceTurn = 0;
        if (!done) setImmediate(tick);
      };
      setImmediate(tick);
      for (let i = 0; i < 10 * YIELD_EVERY; i++) {
        await append();
        sinceTurn += 1;
        longest = Math.max(longest, sinceTurn);
      }
      done = true;
      clearInterval(ticking);
      expect(groups).toHaveLength(10 * YIELD_EVERY);
      expect(longest).toBeLessThanOrEqual(YIELD_EVERY + 1);
      // Timers got their turns too, not only immediates.
      expect(turns).toBeGreaterThan(0);
    });
  });
});
