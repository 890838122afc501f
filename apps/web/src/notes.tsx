// Notes on moments: the notes on the revision shown (live or replayed) with an "Add a note" form
// for a seat, and the notes under their actions in the timeline. A note is public: the page shows
// the server's notes as they are, and says so beside the form.
import { useState } from 'preact/hooks';
import { api, ApiError } from './api';
import { noteLine } from './describe';
import type { NoteView } from './types';

/** The notes on one timeline line (under the action whose revisions hold theirs). */
export function TimelineNotes({ notes, onSeek }: { notes: NoteView[] | undefined; onSeek: (revision: number) => void }) {
  if (!notes || notes.length === 0) return null;
  return (
    <ul class="timeline-notes">
      {notes.map((note) => (
        <li key={note.noteId} class="timeline-note" data-note-at={note.at}>
          <button type="button" class="link" onClick={() => onSeek(note.at)}>
            <span class="note-mark" aria-hidden="true">
              ✎
            </span>{' '}
            {noteLine(note)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The notes on the moment shown, and (for a seat) a form to add one to it. */
export function NotesPanel(props: {
  gameId: string;
  token: string | null;
  /** The revision shown: the live one, or the replayed one. */
  current: number;
  notes: NoteView[];
  onAdded: () => void;
}) {
  const { current } = props;
  const here = props.notes.filter((n) => n.at === current);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (e: Event) => {
    e.preventDefault();
    if (!props.token || text.trim() === '') return;
    setBusy(true);
    try {
      await api.addNote(props.gameId, props.token, current, text);
      setText('');
      setError(null);
      props.onAdded();
    } catch (err) {
      setError(err instanceof ApiError ? `${err.message}${err.problem.rule ? ` (${err.problem.rule})` : ''}` : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="panel notes" aria-labelledby="notes-title" data-notes-at={current}>
      <h2 id="notes-title">Notes at revision {current}</h2>
      {here.length === 0 ? (
        <p class="muted small">No note on this moment.</p>
      ) : (
        <ul class="note-list">
          {here.map((note) => (
            <li key={note.noteId} class="note" data-note-id={note.noteId}>
              <span class="note-author">{note.author}</span>: {note.text}
              {note.from && <span class="muted small"> (written on revision {note.from.revision} of the game this one was forked from)</span>}
            </li>
          ))}
        </ul>
      )}
      {props.token && (
        <form class="note-form" onSubmit={(e) => void add(e)}>
          <label for="note-text">Add a note to revision {current}</label>
          <textarea
            id="note-text"
            name="note"
            rows={2}
            maxLength={500}
            value={text}
            disabled={busy}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value.replace(/[\r\n]+/g, ' '))}
          />
          <p class="muted small">Everyone who may see this game reads notes: do not write what only you can see.</p>
          <button type="submit" data-action="add-note" disabled={busy || text.trim() === ''}>
            Add a note
          </button>
          {error && (
            <p class="notice error small" role="alert" data-error="note">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
