// Decisions work on an immer draft, where every object read through the draft becomes a draft
// of its own (a proxy, and a shallow copy of its parent). For a large record a decision only
// reads (the board's hexes), that is most of a decision's cost. While the draft has not changed
// the record, its original is the same data: scans and lookups read that instead. Read only.
import { isDraft, isModified, original } from 'immer';

export const forReading = <T extends object>(value: T): T =>
  isDraft(value) && !isModified(value) ? (original(value as object) as T) : value;

/**
 * `value[key]` without drafting it: through a draft, reading a field that holds an object makes a
 * proxy of it (and a copy of `value`) though the caller only looks. This gives the field as it is
 * now: its draft when one exists (it may have changed), else the plain object, unchanged so far.
 * Read it at once; never write through it, nor keep it across a change of the state.
 */
export function peek<T extends object, K extends keyof T>(value: T, key: K): T[K] {
  return isDraft(value) ? (Object.getOwnPropertyDescriptor(value, key)?.value as T[K]) : value[key];
}
