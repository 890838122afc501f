import { effectiveEntries } from '../history/action-stack';
import { GameHistory } from '../history/game-history';
import type { LogEntry } from '../history/log-entry';
import { LOOKOUT, NAVIGATOR, sea, stackTile } from '../navigation/testing/sea-kit';
import { historyTable } from '../history/testing/history-table';
import { foldEvents } from '../evolve';
import { countNotes, decideNote, MAX_NOTES_PER_GAME, type AddNote } from './note.decide';
import { refusedBy } from '../testing/decider-spec';

const note = (at: number, by: AddNote['by'] = 1): AddNote => ({ noteId: `n-${at}`, at, text: 'Storm ahead', by });

const turn = { type: 'Navigate' as const, steps: [{ action: 'turn' as const, direction: 'cw' as const }] };

const navigable = () =>
  sea({
    radius: 1,
    ship: { hex: { q: 0, r: -1 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] },
    stack: [stackTile('t1', 1, 1), stackTile('t2', 1, 1)],
  });

/** Records a note as the server does: an action of its own, after whatever came since `at`. */
const addNote = (history: GameHistory, at: number, noteId = `note-${history.revision + 1}`) =>
  history.record(
    noteId,
    1,
    decideNote(
      { noteId, at, text: 'here', by: 1 },
      { revision: history.revision, notes: countNotes(history.entries.map((e) => e.event)), status: history.state.status },
    ),
  );

describe('deciding a note', () => {
  it('records the author, the revision it speaks of and the text, and nothing secret', () => {
    const [event] = decideNote(note(3), { revision: 5, notes: 0, status: 'active' });
    expect(event).toEqual({ type: 'NoteAdded', data: { noteId: 'n-3', at: 3, by: 1, text: 'Storm ahead' } });
    expect(event.secret).toBeUndefined();
  });

  it('[note.no-such-revision] refuses a revision past the log’s last, or not a revision at all', () => {
    const log = { revision: 5, notes: 0, status: 'active' as const };
    expect(refusedBy(() => decideNote(note(6), log))).toBe('note.no-such-revision');
    expect(refusedBy(() => decideNote(note(-1), log))).toBe('note.no-such-revision');
    expect(refusedBy(() => decideNote(note(1.5), log))).toBe('note.no-such-revision');
    expect(refusedBy(() => decideNote(note(5), log))).toBeUndefined();
  });

  it('[note.too-many] refuses a note past the bound of a game', () => {
    expect(refusedBy(() => decideNote(note(0), { revision: 5, notes: MAX_NOTES_PER_GAME, status: 'active' }))).toBe('note.too-many');
  });

  it('[note.spectator-in-play] lets a spectator note a game only once it is over', () => {
    expect(refusedBy(() => decideNote(note(0, 'spectator'), { revision: 5, notes: 0, status: 'active' }))).toBe('note.spectator-in-play');
    expect(refusedBy(() => decideNote(note(0, 'spectator'), { revision: 5, notes: 0, status: 'won' }))).toBeUndefined();
    expect(refusedBy(() => decideNote(note(0, 'operator'), { revision: 5, notes: 0, status: 'active' }))).toBeUndefined();
  });
});

describe('a note in the history', () => {
  it('changes no board: the state after it is the state before it', () => {
    const table = historyTable(navigable());
    table.send(1, turn);
    const before = table.history.state;
    addNote(table.history, 1);
    expect(table.history.state).toBe(before);
  });

  it('is never what an undo takes back: the undo takes the action before it', () => {
    const table = historyTable(navigable());
    const start = table.history.state;
    const moved = table.send(1, turn);
    addNote(table.history, table.history.revision);
    expect(table.history.lastEffective?.actionId).toBe(moved);
    table.send(1, { type: 'Undo' });
    expect(table.history.state).toBe(start);
  });

  it('forgets no redo: an action undone before a note can still be redone after it', () => {
    const table = historyTable(navigable());
    const moved = table.send(1, turn);
    const after = table.history.state;
    table.send(1, { type: 'Undo' });
    addNote(table.history, 1);
    expect(table.history.nextRedo?.actionId).toBe(moved);
    table.send(1, { type: 'Redo' });
    expect(table.history.state).toEqual(after);
  });

  it('is left out of the effective log, so a cold fold of the log gives the same board with or without notes', () => {
    const table = historyTable(navigable());
    table.send(1, turn);
    const withoutNotes = [...table.history.entries];
    addNote(table.history, 0);
    addNote(table.history, 1);
    table.send(1, { type: 'Undo' });
    const withNotes: LogEntry[] = [...table.history.entries];
    const noteless = withNotes.filter((e) => e.event.type !== 'NoteAdded');
    expect(effectiveEntries(withNotes).map((e) => e.event)).toEqual(effectiveEntries(noteless).map((e) => e.event));
    expect(GameHistory.fold(withNotes).state).toEqual(GameHistory.fold(noteless).state);
    expect(foldEvents(effectiveEntries(withoutNotes).map((e) => e.event))).toEqual(GameHistory.fold(withNotes.slice(0, withoutNotes.length + 2)).state);
  });
});
