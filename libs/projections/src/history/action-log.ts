// A game's log read as actions: one accepted command and every event it produced. The first
// event of an action carries who sent it, when and what (metadata `seat`, `recordedAt`,
// `command`); later events of the same action carry only `commandId`. Older logs repeat the
// metadata on every event: both read the same here.
import type { EventMetadata, RecordedEvent } from '@logbook/event-store';
import type { GameEvent } from '@logbook/rules';
import { toDomainEvent } from '@logbook/game-log';

/** Who sent an action and when. `commandId` is the action's id (null for events without one). */
export interface ActionMeta {
  commandId: string | null;
  seat: number | null;
  recordedAt: string | null;
}

/** One action of the log, in log order, with its events (secrets included: server side only). */
export interface IndexedAction {
  actionId: string;
  seat: number | null;
  recordedAt: string | null;
  /** The command body the seat sent (never a secret), when the log recorded it. */
  command?: { type: string; [field: string]: unknown };
  firstRevision: number;
  lastRevision: number;
  events: GameEvent[];
}

/** The event types that take back or re-apply an earlier action (named by `data.actionId`). */
export const ACTION_UNDONE = 'ActionUndone';
export const ACTION_REDONE = 'ActionRedone';
export const isHistoryEvent = (type: string): boolean => type === ACTION_UNDONE || type === ACTION_REDONE;

/**
 * An undo or redo event read by its type name, so this works before and after the rules know
 * these types: what it does and the action it names; null for any other event.
 */
export function historyChange(event: { type: string; data?: unknown }): { change: 'undone' | 'redone'; actionId: string } | null {
  if (!isHistoryEvent(event.type)) return null;
  const actionId = (event.data as { actionId?: unknown } | undefined)?.actionId;
  return { change: event.type === ACTION_UNDONE ? 'undone' : 'redone', actionId: typeof actionId === 'string' ? actionId : '' };
}

const seatOf = (metadata: EventMetadata): number | null => (typeof metadata.seat === 'number' ? metadata.seat : null);
const recordedAtOf = (metadata: EventMetadata): string | null => (typeof metadata.recordedAt === 'string' ? metadata.recordedAt : null);
const carriesActionMeta = (metadata: EventMetadata): boolean => 'seat' in metadata || 'recordedAt' in metadata;

/**
 * Who and when for each event of a page of the log (`/events`, `/live`): from the event's own
 * metadata when it is an action's first event (or an old event with full metadata), else from
 * the action's first event seen earlier in the page, else from `lookup` (the game's command
 * records) for a page that starts in the middle of an action.
 */
export class ActionMetaReader {
  private last: ActionMeta | null = null;

  constructor(private readonly lookup: (commandId: string) => { seat: number | null; recordedAt: string | null } | undefined = () => undefined) {}

  metaOf(recorded: Pick<RecordedEvent, 'metadata'>): ActionMeta {
    const metadata = recorded.metadata ?? {};
    const commandId = typeof metadata.commandId === 'string' ? metadata.commandId : null;
    if (carriesActionMeta(metadata) || commandId === null) {
      this.last = { commandId, seat: seatOf(metadata), recordedAt: recordedAtOf(metadata) };
      return this.last;
    }
    if (this.last?.commandId === commandId) return this.last;
    const known = this.lookup(commandId);
    this.last = { commandId, seat: known?.seat ?? null, recordedAt: known?.recordedAt ?? null };
    return this.last;
  }
}

/** Groups recorded events into actions, incrementally (events arrive in revision order). */
export class ActionLog {
  readonly actions: IndexedAction[] = [];

  /** Adds one recorded event; returns its action and whether the event opened it. */
  add(recorded: RecordedEvent): { action: IndexedAction; opened: boolean; event: GameEvent } {
    const metadata = recorded.metadata ?? {};
    const commandId = typeof metadata.commandId === 'string' ? metadata.commandId : null;
    const event = toDomainEvent(recorded);
    const current = this.actions.at(-1);
    if (current && commandId !== null && current.actionId === commandId && current.lastRevision === recorded.revision - 1) {
      current.events.push(event);
      current.lastRevision = recorded.revision;
      return { action: current, opened: false, event };
    }
    const command = metadata.command;
    const action: IndexedAction = {
      actionId: commandId ?? `revision-${recorded.revision}`,
      seat: seatOf(metadata),
      recordedAt: recordedAtOf(metadata),
      ...(command && typeof command === 'object' && typeof (command as { type?: unknown }).type === 'string'
        ? { command: command as IndexedAction['command'] }
        : {}),
      firstRevision: recorded.revision,
      lastRevision: recorded.revision,
      events: [event],
    };
    this.actions.push(action);
    return { action, opened: true, event };
  }
}
