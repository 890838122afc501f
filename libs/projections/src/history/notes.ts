// A game's notes, read from its log: each NoteAdded where it was written, and the notes a fork
// carried from its source (in its first event). A note belongs to the revision it speaks of
// (`at`), not to the revision it was written at: the timeline and the replay show it there.
// Everything here is public: a note's text is its author's, and nothing else is added to it.
import type { CarriedNote, NoteAuthor } from '@logbook/rules';
import type { IndexedAction } from './action-log';
import type { Names } from './describe-action';

export interface NoteView {
  noteId: string;
  /** The revision whose board the note speaks of (0 for a note a fork carried from its source). */
  at: number;
  by: NoteAuthor;
  /** The author in words: the seat's name, "the operator" or "a spectator". */
  author: string;
  text: string;
  /** The revision of the log that recorded it (at or after `at`). */
  writtenAt: number;
  recordedAt: string | null;
  /** For a note a fork carried: the game and revision it was written about. */
  from?: { gameId: string; revision: number };
}

export const authorOf = (by: NoteAuthor, names: Names): string =>
  typeof by === 'number' ? (names.seats.get(by) ?? `Seat ${by}`) : by === 'operator' ? 'the operator' : 'a spectator';

/** The notes one action of the log holds (in its events' order). */
export function notesOfAction(action: IndexedAction, names: Names): NoteView[] {
  const notes: NoteView[] = [];
  action.events.forEach((event, i) => {
    if (event.type === 'NoteAdded') {
      const { noteId, at, by, text } = event.data;
      notes.push({ noteId, at, by, author: authorOf(by, names), text, writtenAt: action.firstRevision + i, recordedAt: action.recordedAt });
    } else if (event.type === 'GameForked') {
      for (const carried of event.data.notes ?? []) notes.push(carriedNote(carried, names, action));
    }
  });
  return notes;
}

const carriedNote = (note: CarriedNote, names: Names, action: IndexedAction): NoteView => ({
  noteId: note.noteId,
  at: 0,
  by: note.by,
  author: authorOf(note.by, names),
  text: note.text,
  writtenAt: action.firstRevision,
  recordedAt: action.recordedAt,
  from: { gameId: note.from.gameId, revision: note.from.revision },
});

/** Notes in the order the timeline lists them: by the revision they speak of, then as written. */
export const byMoment = (a: NoteView, b: NoteView): number => a.at - b.at || a.writtenAt - b.writtenAt;
