// The log as the rules' history reads it: each recorded event with the action (command) it
// belongs to and the seat that sent it. The first event of an action carries the seat in its
// metadata; later events of the same action may carry only the commandId (see the history
// contract), and old events carry the full metadata on every event: both read the same.
import type { RecordedEvent } from '@logbook/event-store';
import type { LogEntry } from '@logbook/rules';
import { toDomainEvent } from './game-events';

const seatOf = (value: unknown): number | null | undefined => (typeof value === 'number' ? value : value === null ? null : undefined);

/** `previous` is the entry just before `events` in the log, when the read starts mid-log. */
export function toLogEntries(events: readonly RecordedEvent[], previous?: LogEntry): LogEntry[] {
  let last = previous;
  return events.map((recorded) => {
    const { commandId, seat } = recorded.metadata ?? {};
    const actionId = typeof commandId === 'string' ? commandId : `revision-${recorded.revision}`;
    const own = seatOf(seat);
    const entry: LogEntry = {
      actionId,
      seat: own !== undefined ? own : last?.actionId === actionId ? last.seat : null,
      event: toDomainEvent(recorded),
    };
    last = entry;
    return entry;
  });
}
