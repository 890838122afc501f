// The game export format (NDJSON): a header line saying what the file is, then one line per
// event with the metadata of its action. A whole export (an operator's, or of a finished game)
// holds every secret and every draw and can be imported; any other export is redacted for the
// one who asked, says so in its header and on each line that lost something, and cannot be.
import type { RecordedEvent } from '@logbook/event-store';
import { isGameOver, redactEvent, type GameEvent, type GameStatus, type RulesVersion, type Secret } from '@logbook/rules';
import { toDomainEvent } from './game-events';
import type { LogEvent } from './redecide';

export const EXPORT_FORMAT = 'logbook-game-export';
export const EXPORT_VERSION = 1;

export interface ExportHeader {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  gameId: string;
  /** The revision of the last event in the file. */
  revision: number;
  status: GameStatus;
  /** true: every secret and draw is in the file (it can be imported). */
  complete: boolean;
  /** Whom a redacted export was made for: a seat, or null for a spectator; absent when complete. */
  redactedFor?: { seat: number | null };
  exportedAt: string;
}

export interface ExportLine {
  revision: number;
  type: string;
  data: unknown;
  secret?: Secret<unknown>;
  commandId?: string;
  seat?: number | null;
  recordedAt?: string;
  command?: { type: string; [field: string]: unknown };
  /** The bot that chose the action's command for its seat (absent for a player's). */
  bot?: string;
  /** Only in a whole export: the server's check of a resent commandId (a hash of the command, so guessable). */
  commandFingerprint?: string;
  /** SECRET: the values the action drew; only in a whole export. */
  draws?: number[];
  /** SECRET: a system command's hidden fields (a new game's scenario document); only in a whole export. */
  commandSecret?: Record<string, unknown>;
  /** The rules version the action records (a game's first event, the first action after a rules change); a running game's redacted export leaves out the scenario digest. */
  rulesVersion?: RulesVersion;
  /** What a redacted export left out of this line. */
  withheld?: Array<'secret' | 'draws' | 'commandSecret'>;
}

/** Who the export is for: everything, or what a seat (null: a spectator) may see now. */
export type ExportAccess = { whole: true } | { whole: false; seat: number | null; status: GameStatus };

/** Whether an export for `access` of a game holds everything (and can be imported). */
export const isWholeExport = (access: ExportAccess, firstEventType: string | undefined): boolean =>
  access.whole || (isGameOver(access.status) && firstEventType !== 'GameForked');

const METADATA_FIELDS = ['commandId', 'seat', 'recordedAt', 'command', 'bot', 'commandFingerprint', 'draws', 'commandSecret', 'rulesVersion'] as const;

export function exportLine(recorded: RecordedEvent, access: ExportAccess): ExportLine {
  const event = toDomainEvent(recorded);
  const line: ExportLine = { revision: recorded.revision, type: recorded.type, data: event.data };
  if (event.secret) line.secret = event.secret as Secret<unknown>;
  for (const field of METADATA_FIELDS) {
    if (recorded.metadata[field] !== undefined) (line as unknown as Record<string, unknown>)[field] = recorded.metadata[field];
  }
  if (access.whole) return line;

  // A fingerprint is the server's own check that a resent commandId carries the same command; an
  // unsalted hash of the command, it would let anyone test guesses of what the command holds
  // unseen (a new game's scenario: its stack order, its box, its decks). Only whole exports keep it.
  delete line.commandFingerprint;
  const withheld: NonNullable<ExportLine['withheld']> = [];
  const visible = redactEvent(event, access.seat, access.status);
  if (line.secret && !visible.secret) {
    delete line.secret;
    withheld.push('secret');
  }
  // Draws reveal shuffles: only once the game is over, and never a fork's (they dealt its sealed board).
  const over = isGameOver(access.status);
  if (line.draws && (!over || line.command?.type === 'ForkGame')) {
    delete line.draws;
    withheld.push('draws');
  }
  // A new game's scenario document holds the stack order and the box.
  if (line.commandSecret && !over) {
    delete line.commandSecret;
    withheld.push('commandSecret');
  }
  // Its digest is an unsalted hash of that document: anyone could test guesses against it.
  if (line.rulesVersion?.scenario !== undefined && !over) line.rulesVersion = { rules: line.rulesVersion.rules };
  if (withheld.length > 0) line.withheld = withheld;
  return line;
}

export class ExportFormatError extends Error {
  override readonly name = 'ExportFormatError';
  constructor(
    /** 1-based line of the file. */
    readonly line: number,
    message: string,
    /** 'malformed' (400) or 'redacted' (a redacted export: 422). */
    readonly kind: 'malformed' | 'redacted' = 'malformed',
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** Reads an export file; throws ExportFormatError at the first line that is not what it should be. */
export function parseExport(text: string): { header: ExportHeader; events: LogEvent[] } {
  const lines = text.split('\n').map((l) => l.trim());
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  if (lines.length === 0) throw new ExportFormatError(1, 'the file is empty');
  const header = parseJson(lines[0], 1) as Partial<ExportHeader>;
  if (header.format !== EXPORT_FORMAT || header.version !== EXPORT_VERSION) {
    throw new ExportFormatError(1, `the first line must be the header {"format":"${EXPORT_FORMAT}","version":${EXPORT_VERSION},…}`);
  }
  if (header.complete !== true) {
    throw new ExportFormatError(1, 'this export was redacted for one viewer (secrets and draws left out): only a whole export can be imported', 'redacted');
  }
  const events: LogEvent[] = [];
  for (let i = 1; i < lines.length; i++) {
    const n = i + 1;
    const line = parseJson(lines[i], n) as Partial<ExportLine>;
    if (line.withheld) throw new ExportFormatError(n, 'this line was redacted: only a whole export can be imported', 'redacted');
    if (line.revision !== i - 1) throw new ExportFormatError(n, `revision ${String(line.revision)} where ${i - 1} was expected`);
    if (typeof line.type !== 'string' || line.type === '') throw new ExportFormatError(n, 'type must be an event type');
    if (line.data === null || typeof line.data !== 'object') throw new ExportFormatError(n, 'data must be an object');
    if (typeof line.commandId !== 'string' || line.commandId === '') throw new ExportFormatError(n, 'commandId is missing');
    if (line.secret !== undefined && !isSecret(line.secret)) throw new ExportFormatError(n, 'secret must be { visibleTo, data }');
    // Lists sort games by it: a time in any other shape would sort wrong or not at all.
    if (line.recordedAt !== undefined && !isTimestamp(line.recordedAt)) {
      throw new ExportFormatError(n, 'recordedAt must be a UTC time such as 2026-01-01T12:00:00.000Z');
    }
    if (line.draws !== undefined && !(Array.isArray(line.draws) && line.draws.every(Number.isSafeInteger))) {
      throw new ExportFormatError(n, 'draws must be whole numbers');
    }
    if (line.command !== undefined && (line.command === null || typeof line.command !== 'object' || typeof line.command.type !== 'string')) {
      throw new ExportFormatError(n, 'command must be an object with a type');
    }
    if (
      line.rulesVersion !== undefined &&
      (line.rulesVersion === null || typeof line.rulesVersion !== 'object' || typeof line.rulesVersion.rules !== 'string')
    ) {
      throw new ExportFormatError(n, 'rulesVersion must be { rules, scenario? }');
    }
    if (line.commandSecret !== undefined && (line.commandSecret === null || typeof line.commandSecret !== 'object' || Array.isArray(line.commandSecret))) {
      throw new ExportFormatError(n, 'commandSecret must be an object');
    }
    const metadata: Record<string, unknown> = {};
    for (const field of METADATA_FIELDS) if (line[field] !== undefined) metadata[field] = line[field];
    const payload: Omit<GameEvent, 'type'> = { data: line.data, ...(line.secret ? { secret: line.secret } : {}) } as Omit<GameEvent, 'type'>;
    events.push({ revision: line.revision, type: line.type, data: payload, metadata });
  }
  if (events.length === 0) throw new ExportFormatError(2, 'the file holds no events');
  return { header: header as ExportHeader, events };
}

const isTimestamp = (value: unknown): boolean =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(value) && !Number.isNaN(Date.parse(value));

const parseJson = (text: string, line: number): unknown => {
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value;
  } catch (error) {
    throw new ExportFormatError(line, `not a JSON object (${(error as Error).message})`);
  }
};

const isSecret = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && Array.isArray((value as Secret<unknown>).visibleTo) && 'data' in (value as object);
