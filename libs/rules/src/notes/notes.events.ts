import type { DomainEvent } from '../event';

/** [D] Who wrote a note: a seat of the game, the operator, or a spectator (of a finished game only). */
export type NoteAuthor = number | 'operator' | 'spectator';

/**
 * [D] A note on a moment of the game: `at` is the revision whose board it speaks of (any revision
 * the log had when it was written), recorded after whatever came since. Public, like the timeline:
 * its text is the author's alone (the server adds nothing to it), and it has no secret part.
 */
export type NoteAdded = DomainEvent<'NoteAdded', { noteId: string; at: number; by: NoteAuthor; text: string }>;

/** A note a fork carries from its source: the revision and game it was written about. */
export interface CarriedNote {
  noteId: string;
  by: NoteAuthor;
  text: string;
  from: { gameId: string; revision: number };
}

export type NoteEvent = NoteAdded;
