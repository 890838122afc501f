// What the log records about each action (one accepted command and every event it produced), in
// the metadata of the action's FIRST event: who sent which command when, and every value the
// decision drew from the random source. Later events of the action carry only `commandId`, so
// the log stays small. Older games recorded the full metadata on every event and no command or
// draws: both shapes read here.
import type { EventMetadata, RecordedEvent } from '@logbook/event-store';
import type { CreateGame, RulesVersion } from '@logbook/rules';

/** A command as recorded: a game command, or a system one (`CreateGame`, `ForkGame`). */
export interface RecordedCommand {
  type: string;
  [field: string]: unknown;
}

export interface ActionRecord {
  commandId: string;
  /** The sending seat; null for the system (game creation, forks). */
  seat: number | null;
  recordedAt: string;
  /** The command as sent, without its commandId. A command body never holds a secret. */
  command: RecordedCommand;
  commandFingerprint: string;
  /** The bot that decided the command for its seat (random, greedy…); absent for a player's. */
  bot?: string;
  /** SECRET: every value the decision drew, in order (they reveal shuffles). Omitted when none. */
  draws?: number[];
  /**
   * SECRET: the fields of a system command that hold hidden information, kept apart so that
   * `command` never does: a new game's scenario document (its stack order, its box). Re-decision
   * puts them back into the command.
   */
  commandSecret?: Record<string, unknown>;
  correlationId?: string;
  /** The rules version it was decided under: on a game's first event, and on the first action decided after the rules changed. */
  rulesVersion?: RulesVersion;
}

/**
 * A new game's command as every writer records it (the server, the simulator): the body names
 * the scenario by id; the whole document (stack order, box) is kept apart as a secret, which
 * re-decision (import, revalidate) puts back.
 */
export function recordedCreateGame(command: CreateGame): { command: RecordedCommand; commandSecret: { scenario: CreateGame['scenario'] } } {
  // Once per game, not per order: the command's own fields, whatever CreateGame comes to hold.
  // eslint-disable-next-line no-restricted-syntax -- as above
  const { scenario, ...body } = command;
  // eslint-disable-next-line no-restricted-syntax -- as above
  return { command: { ...body, scenario: scenario.id }, commandSecret: { scenario } };
}

/** The metadata of an action's events: everything on the first, only the commandId on the others. */
export function actionMetadata(record: ActionRecord): { first: EventMetadata; rest: EventMetadata } {
  // Every field but draws, correlationId and commandSecret, in the record's order, then those
  // three when they say something. Built field by field: V8's spreads that follow other fields
  // take a slow path (a few µs per action on the command path).
  const first: EventMetadata = {};
  const fields = record as unknown as Record<string, unknown>;
  for (const key in fields) {
    if (key === 'draws' || key === 'correlationId' || key === 'commandSecret' || !Object.prototype.hasOwnProperty.call(fields, key)) continue;
    first[key] = fields[key];
  }
  // The causation id is always the commandId and the correlation id is it too unless the
  // client sent another (X-Correlation-Id): only that is written. Older events carry both.
  const { draws, correlationId, commandSecret } = record;
  if (correlationId !== undefined && correlationId !== record.commandId) first.correlationId = correlationId;
  if (draws && draws.length > 0) first.draws = draws.slice();
  if (commandSecret) first.commandSecret = commandSecret;
  return { first, rest: { commandId: record.commandId } };
}

/** The events of one action as read back from a stream. */
export interface RecordedAction {
  actionId: string;
  seat: number | null;
  /** Absent for actions recorded before commands were (old games): they cannot be re-decided. */
  command?: RecordedCommand;
  draws: number[];
  recordedAt?: string;
  events: RecordedEvent[];
}

/**
 * Groups a stream's events into actions by commandId (consecutive events of one command). Read
 * when a log is decided again (import, revalidate), never on the append path: its optional
 * fields stay spreads.
 */
/* eslint-disable no-restricted-syntax -- the re-decision path, see above */
export function groupActions(events: readonly RecordedEvent[]): RecordedAction[] {
  const actions: RecordedAction[] = [];
  for (const event of events) {
    const metadata = event.metadata ?? {};
    const actionId = typeof metadata.commandId === 'string' ? metadata.commandId : `revision-${event.revision}`;
    const last = actions.at(-1);
    if (last && last.actionId === actionId) {
      last.events.push(event);
      continue;
    }
    actions.push({
      actionId,
      seat: typeof metadata.seat === 'number' ? metadata.seat : null,
      ...(isCommand(metadata.command) ? { command: withSecret(metadata.command, metadata.commandSecret) } : {}),
      draws: Array.isArray(metadata.draws) ? (metadata.draws as number[]) : [],
      ...(typeof metadata.recordedAt === 'string' ? { recordedAt: metadata.recordedAt } : {}),
      events: [event],
    });
  }
  return actions;
}

/** The command as decided: its recorded body with its secret fields back in. */
const withSecret = (command: RecordedCommand, secret: unknown): RecordedCommand =>
  secret !== null && typeof secret === 'object' && !Array.isArray(secret)
    ? { ...command, ...(secret as Record<string, unknown>), type: command.type }
    : command;

/* eslint-enable no-restricted-syntax */

const isCommand = (value: unknown): value is RecordedCommand =>
  value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';
