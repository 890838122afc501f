// Undo and redo in the game-states read model on a long game: each one costs a bounded amount
// of work, not a read and a fold of the whole log, and the state stays the fresh fold's.
import { playActions, toRecordedOf, freshEffectiveFold } from '../history/testing/played-game';
import { toLogEntries } from '@logbook/game-log';
import { GameStatesProjection } from './game-states.projection';
import { InMemoryGameStateStore } from './in-memory-game-state-store';

describe.each([
  ['undo and redo', { seed: 5, players: 2, events: 6000, blessings: 3000, undo: 0.08, redo: 0.04 }, 200],
  // Standard mode, three seats: requests and answers between the undos, the redo stack kept across them.
  ['takebacks by consent', { seed: 9, players: 3, events: 2500, blessings: 1500, undo: 0.05, redo: 0.05, takeback: 0.3 }, 50],
])('the game-states projection on a long game with %s', (_, game, undos) => {
  const actions = playActions({ ...game, gameId: 'long' });
  const log = toRecordedOf('long', actions);
  const historyEvents = log.filter((e) => e.type === 'ActionUndone' || e.type === 'ActionRedone').length;

  it('reads the log at most once, however many undos and redos follow, and keeps the fresh fold', async () => {
    expect(log.length).toBeGreaterThanOrEqual(game.events);
    expect(historyEvents).toBeGreaterThan(undos);
    let read = 0;
    const states = new InMemoryGameStateStore();
    const projection = new GameStatesProjection(states, async (_, toRevision) => {
      const events = log.slice(0, toRevision + 1);
      read += events.length;
      return events;
    });
    for (const [i, event] of log.entries()) {
      await projection.handle(event);
      if (i % 1500 === 1499) expect(states.get('long')?.state).toEqual(freshEffectiveFold(toLogEntries(log.slice(0, i + 1))));
    }
    expect(read).toBeLessThanOrEqual(log.length);
    expect(states.get('long')?.revision).toBe(log.length - 1);
    expect(states.get('long')?.state).toEqual(freshEffectiveFold(toLogEntries(log)));
  });
});
