// Analytics mark the seats bots played: a handover changes no other figure, is never taken back
// by an undo (nor stops a redo), and the projection folding event by event agrees with a refold
// of the whole log.
import { playActions, toRecordedOf, withHandovers } from '../history/testing/played-game';
import { AnalyticsProjection, foldAnalyticsLog } from './analytics.projection';
import { InMemoryAnalyticsStore } from './analytics-store';
import type { AnalyticsFold } from './game-analytics';

/** The figures but the marks, and the times (each extra action in the test log is recorded a second later). */
const figuresOf = (fold: AnalyticsFold | undefined) => fold && { ...fold.figures, revision: 0, bots: undefined, lastEventAt: null, turnSeconds: null };

/** The projection's figures after every event of `log`, and how many events it read back for undos and redos. */
async function project(log: ReturnType<typeof toRecordedOf>) {
  const store = new InMemoryAnalyticsStore();
  let read = 0;
  const projection = new AnalyticsProjection(store, async (_, toRevision) => {
    read += toRevision + 1;
    return log.slice(0, toRevision + 1);
  });
  for (const event of log) await projection.handle(event);
  return { fold: store.get('bots'), read };
}

describe('analytics of a game with seats handed to bots', () => {
  const actions = playActions({ seed: 9, players: 2, events: 3000, blessings: 1500, undo: 0.1, redo: 0.08, gameId: 'bots' });
  const plain = toRecordedOf('bots', actions);
  const handed = toRecordedOf('bots', withHandovers(actions));

  it('marks the seats and that a player’s seat was handed over, and changes no other figure', async () => {
    expect(handed.length - plain.length).toBeGreaterThan(5);
    const folded = foldAnalyticsLog('bots', handed);
    expect(folded.figures.bots.handedOver).toBe(true);
    expect(folded.figures.bots.seats.map((s) => s.seat)).toEqual([1, 2]);
    expect(figuresOf(folded)).toEqual(figuresOf(foldAnalyticsLog('bots', plain)));
  });

  it('agrees, folded event by event through undos and redos, with the refold of the whole log', async () => {
    const projected = await project(handed);
    expect(projected.fold?.figures.bots).toEqual(foldAnalyticsLog('bots', handed).figures.bots);
    expect(figuresOf(projected.fold)).toEqual(figuresOf((await project(plain)).fold));
    // A handover is no action for the effective history: a redo after one is followed, not refolded.
    expect(projected.read).toBeLessThanOrEqual(handed.length);
  });

  it('marks no bots in a game of players', () => {
    expect(foldAnalyticsLog('bots', plain).figures.bots).toEqual({ seats: [], handedOver: false });
  });
});
