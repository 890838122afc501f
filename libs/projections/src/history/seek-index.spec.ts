import fc from 'fast-check';
import { SeekIndex } from './seek-index';
import { entriesOf, freshEffectiveFold, playActions, toRecordedOf, type PlayedAction } from './testing/played-game';

/** The contract's definition: the rules' effectiveEntries of the log's first revision+1 events, folded afresh. */
const freshFoldAt = (actions: PlayedAction[], revision: number) => freshEffectiveFold(entriesOf(actions).slice(0, revision + 1));

const indexOf = (actions: PlayedAction[], snapshotEvery: number, options: { fullMetadata?: boolean } = {}) => {
  const index = new SeekIndex({ snapshotEvery });
  for (const event of toRecordedOf('g', actions, options)) index.append(event);
  return index;
};

describe('the seek index', () => {
  it('gives, at every revision N, the fresh fold of the effective history of the first N+1 events (random games with undo and redo)', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          players: fc.integer({ min: 1, max: 3 }),
          events: fc.integer({ min: 20, max: 260 }),
          undo: fc.constantFrom(0, 0.05, 0.2),
          redo: fc.constantFrom(0, 0.05, 0.2),
          snapshotEvery: fc.integer({ min: 1, max: 40 }),
          fullMetadata: fc.boolean(),
        }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 1, maxLength: 12 }),
        (game, picks) => {
          const actions = playActions({ ...game, blessings: 200 });
          const index = indexOf(actions, game.snapshotEvery, { fullMetadata: game.fullMetadata });
          const total = index.revision + 1;
          for (const pick of [...picks, 1 - Number.EPSILON]) {
            const revision = Math.floor(pick * total);
            expect(index.stateAt(revision)).toEqual(freshFoldAt(actions, revision));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('gives the same with takebacks by consent: requests and answers leave the history as it was, an accepted one undoes its actions (random standard games)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          players: fc.integer({ min: 2, max: 3 }),
          events: fc.integer({ min: 40, max: 200 }),
          undo: fc.constantFrom(0, 0.1),
          redo: fc.constantFrom(0, 0.1),
          takeback: fc.constantFrom(0.2, 0.4),
          snapshotEvery: fc.integer({ min: 1, max: 40 }),
        }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), { minLength: 1, maxLength: 12 }),
        (game, picks) => {
          const actions = playActions({ ...game, blessings: 200 });
          accepted += actions.filter((a) => a.events.some((e) => e.type === 'ActionUndone' && 'takeback' in e.data)).length;
          const index = indexOf(actions, game.snapshotEvery);
          const total = index.revision + 1;
          for (const pick of [...picks, 1 - Number.EPSILON]) {
            const revision = Math.floor(pick * total);
            expect(index.stateAt(revision)).toEqual(freshFoldAt(actions, revision));
          }
        },
      ),
      { numRuns: 20 },
    );
    // The games did take things back by consent (else this case would test nothing new).
    expect(accepted).toBeGreaterThan(0);
  });

  it('catches up as the game grows, and answers the same as an index built in one go', () => {
    const actions = playActions({ seed: 11, players: 2, events: 400, blessings: 200, undo: 0.1, redo: 0.1 });
    const recorded = toRecordedOf('g', actions);
    const growing = new SeekIndex({ snapshotEvery: 16 });
    const whole = indexOf(actions, 16);
    for (const event of recorded) {
      growing.append(event);
      if (event.revision % 37 === 0) {
        for (const revision of [0, Math.floor(event.revision / 2), event.revision]) {
          expect(growing.stateAt(revision)).toEqual(whole.stateAt(revision));
        }
      }
    }
    expect(growing.stats).toEqual(whole.stats);
  });

  it('undo takes the board back to before the action, and redo forward again, with the same recorded outcome', () => {
    const actions = playActions({ seed: 5, players: 1, events: 60, blessings: 200 });
    const target = actions.at(-1)!;
    const withHistory: PlayedAction[] = [
      ...actions,
      { commandId: 'u1', seat: 1, command: { type: 'Undo' }, events: [{ type: 'ActionUndone', data: { actionId: target.commandId, seat: 1 } } as never] },
      { commandId: 'r1', seat: 1, command: { type: 'Redo' }, events: [{ type: 'ActionRedone', data: { actionId: target.commandId, seat: 1 } } as never] },
    ];
    const index = indexOf(withHistory, 4);
    const before = index.revision - 2 - target.events.length;
    expect(index.stateAt(index.revision - 1)).toEqual(index.stateAt(before));
    expect(index.stateAt(index.revision)).toEqual(index.stateAt(index.revision - 2));
    expect(index.stateAt(index.revision)).not.toEqual(index.stateAt(before));
  });

  it('keeps a snapshot only every K events, and reports what they take', () => {
    const actions = playActions({ seed: 3, players: 2, events: 500, blessings: 200 });
    const stats = indexOf(actions, 50).stats;
    expect(stats.snapshots).toBeGreaterThanOrEqual(Math.floor(stats.events / 60));
    expect(stats.snapshots).toBeLessThanOrEqual(Math.ceil(stats.events / 50));
    expect(stats.snapshotBytes).toBeGreaterThan(0);
  });

  it('refuses a revision it does not hold', () => {
    const index = indexOf(playActions({ seed: 2, events: 30 }), 10);
    expect(() => index.stateAt(index.revision + 1)).toThrow(RangeError);
    expect(() => index.stateAt(-1)).toThrow(RangeError);
  });
});

describe('notes in the seek index', () => {
  const note = (n: number, at: number): PlayedAction => ({
    commandId: `note-${n}`,
    seat: 1,
    command: { type: 'AddNote', at, text: 'here' } as never,
    events: [{ type: 'NoteAdded', data: { noteId: `note-${n}`, at, by: 1, text: 'here' } } as never],
  });

  it('gives the same board at every revision before a note, and the board before it at the note’s own revision', () => {
    const actions = playActions({ seed: 7, players: 2, events: 80, blessings: 200 });
    const without = indexOf(actions, 8);
    const withNotes = indexOf([...actions, note(1, 12), note(2, 3)], 8);
    for (let revision = 0; revision <= without.revision; revision++) expect(withNotes.stateAt(revision)).toEqual(without.stateAt(revision));
    expect(withNotes.stateAt(withNotes.revision)).toEqual(without.stateAt(without.revision));
  });

  it('forgets no redo: an action undone before a note is redone after it', () => {
    const actions = playActions({ seed: 5, players: 1, events: 60, blessings: 200 });
    const target = actions.at(-1)!;
    const index = indexOf(
      [
        ...actions,
        { commandId: 'u1', seat: 1, command: { type: 'Undo' }, events: [{ type: 'ActionUndone', data: { actionId: target.commandId, seat: 1 } } as never] },
        note(1, 10),
        { commandId: 'r1', seat: 1, command: { type: 'Redo' }, events: [{ type: 'ActionRedone', data: { actionId: target.commandId, seat: 1 } } as never] },
      ],
      4,
    );
    expect(index.stateAt(index.revision)).toEqual(index.stateAt(index.revision - 3));
    expect(index.stateAt(index.revision - 1)).toEqual(index.stateAt(index.revision - 2));
  });
});
