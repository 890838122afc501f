// The seek index on a log with seats handed to bots: a handover is no game action, so a redo
// after one still re-applies what was undone, as the rules' effective history has it.
import { SeekIndex } from './seek-index';
import { entriesOf, freshEffectiveFold, playActions, toRecordedOf, withHandovers } from './testing/played-game';

describe('the seek index with seats handed to bots', () => {
  it('gives, at every revision, the fresh fold of the effective history (handovers after undos, redos after them)', () => {
    const actions = withHandovers(playActions({ seed: 21, players: 2, events: 600, blessings: 300, undo: 0.15, redo: 0.15 }));
    expect(actions.filter((a) => a.command.type === 'HandSeatToBot').length).toBeGreaterThan(5);
    const index = new SeekIndex({ snapshotEvery: 8 });
    for (const event of toRecordedOf('g', actions)) index.append(event);
    const entries = entriesOf(actions);
    for (let revision = 0; revision <= index.revision; revision++) {
      expect(index.stateAt(revision)).toEqual(freshEffectiveFold(entries.slice(0, revision + 1)));
    }
  });
});
