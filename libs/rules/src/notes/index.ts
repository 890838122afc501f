// The notes folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export { type AddNote, countNotes, decideNote, MAX_NOTE_LENGTH, MAX_NOTES_PER_GAME, type NoteContext } from './note.decide';
export { type CarriedNote, type NoteAdded, type NoteAuthor, type NoteEvent } from './notes.events';
