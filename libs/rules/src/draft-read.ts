// Decisions work on an immer draft, where every object read through the draft becomes a draft
// of its own (a proxy, and a shallow copy of its parent). For a large record a decision only
// reads (the board's hexes), that is most of a decision's cost. While the draft has not changed
// the record, its original is the same data: scans and lookups read that instead. Read only.
import { isDraft, isModified, original } from 'immer';

export const forReading = <T extends object>(value: T): T => (isDraft(value) && !isModified(value) ? (original(value as object) as T) : value);
