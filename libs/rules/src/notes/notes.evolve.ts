import type { Appliers } from '../appliers';
import type { NoteEvent } from './notes.events';

// A note speaks about the board and changes nothing of it: the board at every revision is the
// same with or without notes (the history does not even fold them, see neutral-events.ts).
export const noteAppliers: Appliers<NoteEvent> = {
  NoteAdded: () => undefined,
};
