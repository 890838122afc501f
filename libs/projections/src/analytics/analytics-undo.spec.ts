// Undo and redo in the analytics read model on a long game: each one costs a bounded amount of
// work, not a read and a fold of the whole log, and the figures stay those of the whole log's fold.
import { playActions, toRecordedOf } from '../history/testing/played-game';
import { AnalyticsProjection, foldAnalyticsLog } from './analytics.projection';
import { InMemoryAnalyticsStore } from './analytics-store';
import type { AnalyticsFold } from './game-analytics';

/**
 * The figures less `revision`, the projection's at-least-once marker: a refold of a log with
 * undos sets it to the log's last event, folding on sets it to the last event the figures use.
 */
const figuresOf = (fold: AnalyticsFold | undefined) => fold && { ...fold, figures: { ...fold.figures, revision: 0 } };

describe.each([
  ['undo and redo', { seed: 5, players: 2, events: 6000, blessings: 3000, undo: 0.08, redo: 0.04 }, 200],
  // Standard mode, three seats: requests and answers between the undos, the redo stack kept across them.
  ['takebacks by consent', { seed: 9, players: 3, events: 2500, blessings: 1500, undo: 0.05, redo: 0.05, takeback: 0.3 }, 50],
])('the analytics projection on a long game with %s', (_, game, undos) => {
  const actions = playActions({ ...game, gameId: 'long' });
  const log = toRecordedOf('long', actions);

  it("reads the log at most once, however many undos and redos follow, and keeps the whole log's figures", async () => {
    expect(log.filter((e) => e.type === 'ActionUndone' || e.type === 'ActionRedone').length).toBeGreaterThan(undos);
    let read = 0;
    const store = new InMemoryAnalyticsStore();
    const projection = new AnalyticsProjection(store, async (_, toRevision) => {
      const events = log.slice(0, toRevision + 1);
      read += events.length;
      return events;
    });
    for (const [i, event] of log.entries()) {
      await projection.handle(event);
      if (i % 1000 === 999) expect(figuresOf(store.get('long'))).toEqual(figuresOf(foldAnalyticsLog('long', log.slice(0, i + 1))));
    }
    expect(read).toBeLessThanOrEqual(log.length);
    expect(figuresOf(store.get('long'))).toEqual(figuresOf(foldAnalyticsLog('long', log)));
  });
});

describe('the analytics projection and notes', () => {
  it('follows an undo, a note and a redo without reading the log again: a note forgets no redo', async () => {
    const played = playActions({ seed: 3, players: 1, events: 200, blessings: 200, gameId: 'noted' });
    // Ending at an action that changes the figures, so a redo that went missing would show.
    const counted = (a: (typeof played)[number]) =>
      a.events.some((e) => ['TileExplored', 'CheckAttempted', 'StructuralDamageDealt', 'ShipMoved'].includes(e.type));
    const last = played.length - 1 - [...played].reverse().findIndex(counted);
    const actions = played.slice(0, last + 1);
    const target = actions.at(-1)!;
    expect(counted(target)).toBe(true);
    const log = toRecordedOf('noted', [
      ...actions,
      { commandId: 'u1', seat: 1, command: { type: 'Undo' }, events: [{ type: 'ActionUndone', data: { actionId: target.commandId, seat: 1 } } as never] },
      {
        commandId: 'n1',
        seat: 1,
        command: { type: 'AddNote' } as never,
        events: [{ type: 'NoteAdded', data: { noteId: 'n1', at: 3, by: 1, text: 'here' } } as never],
      },
      { commandId: 'r1', seat: 1, command: { type: 'Redo' }, events: [{ type: 'ActionRedone', data: { actionId: target.commandId, seat: 1 } } as never] },
    ]);
    let reads = 0;
    const store = new InMemoryAnalyticsStore();
    const projection = new AnalyticsProjection(store, async (_, toRevision) => {
      reads += 1;
      return log.slice(0, toRevision + 1);
    });
    for (const event of log) await projection.handle(event);
    // The undo reads the log once (to keep the game's history); the note and the redo need no other read.
    expect(reads).toBe(1);
    expect(figuresOf(store.get('noted'))).toEqual(figuresOf(foldAnalyticsLog('noted', log)));
  });
});
