import type { AllFilter } from '../event-store.port';

/**
 * One definition of what a `$all` filter keeps, so the SQL of the SQLite adapter, the live
 * feed and the EventStoreDB client-side half-filter agree. An absent or empty list does not
 * constrain; when both lists are given an event must pass both.
 */
export function matchesFilter(event: { streamId: string; type: string }, filter?: AllFilter): boolean {
  if (!filter) return true;
  const { streamPrefixes, eventTypes } = filter;
  if (streamPrefixes?.length && !streamPrefixes.some((prefix) => event.streamId.startsWith(prefix))) {
    return false;
  }
  if (eventTypes?.length && !eventTypes.includes(event.type)) return false;
  return true;
}

export function isFiltering(filter?: AllFilter): filter is AllFilter {
  return Boolean(filter?.streamPrefixes?.length || filter?.eventTypes?.length);
}
