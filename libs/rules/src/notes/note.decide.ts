// [D] Adding a note to a moment of a game. Not a game command: it is decided against the log (the
// revisions it has), not the board, it is open once the game is over, and no undo takes it back.
// Who may write one is the server's call (any seat; after the end, the operator and, if the
// operator allows, spectators); the rules check what the log itself can tell.
import { ensure } from '../errors';
import type { GameEvent } from '../events';
import { deepFreeze } from '../freeze';
import type { GameStatus } from '../state';
import { isGameOver } from '../view';
import type { NoteAuthor } from './notes.events';

/** [D] Notes per game at most: each is kept in the log, in every fork's first event and in the timeline. */
export const MAX_NOTES_PER_GAME = 200;

/** [D] Characters of a note's text at most (after trimming). */
export const MAX_NOTE_LENGTH = 500;

export interface AddNote {
  noteId: string;
  at: number;
  text: string;
  by: NoteAuthor;
}

/** What the log says when a note is decided: its last revision, the notes it holds, the game's status. */
export interface NoteContext {
  revision: number;
  notes: number;
  status: GameStatus;
}

export function decideNote(note: AddNote, log: NoteContext): GameEvent[] {
  ensure(
    Number.isSafeInteger(note.at) && note.at >= 0 && note.at <= log.revision,
    'note.no-such-revision',
    `A note speaks of a revision the game has had: 0..${log.revision}, not ${note.at}`,
  );
  ensure(log.notes < MAX_NOTES_PER_GAME, 'note.too-many', `A game holds at most ${MAX_NOTES_PER_GAME} notes`);
  ensure(note.by !== 'spectator' || isGameOver(log.status), 'note.spectator-in-play', 'A spectator may note a game only once it is over');
  const event: GameEvent = { type: 'NoteAdded', data: { noteId: note.noteId, at: note.at, by: note.by, text: note.text } };
  return [deepFreeze(event)];
}

/** How many notes a log holds: its NoteAdded events and the notes its fork carried. */
export function countNotes(events: Iterable<GameEvent>): number {
  let notes = 0;
  for (const event of events) {
    if (event.type === 'NoteAdded') notes += 1;
    else if (event.type === 'GameForked') notes += event.data.notes?.length ?? 0;
  }
  return notes;
}
