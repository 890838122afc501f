// A loaded game as a snapshot: the history's base (GameHistory.resume: the effective state after
// a floor, an action nothing can take back) and what the repository keeps of the log before it
// (seat tokens, rules versions, command records, seat handovers, the notes count). A snapshot is
// a cache: it names the snapshot format, the rules version (rulesVersion(): the source digest of
// the appliers that folded its state, and any rule values set) and the game's scenario digest, and the id of the event it folds up to, and
// anything else is discarded rather than trusted. It holds hidden information (the state's tile
// stack, hands, plunder): it stays in the server's own file and is never exported or served.
import { rulesVersion as currentRules, type GameState, type HistoryBase, type RulesVersion } from '@logbook/rules';
import type { SeatTokenDigest } from '../seat-tokens';
import type { CommandRecord, LogBefore } from './snapshot-parts';

/** What a snapshot takes of a loaded game (LoadedGame has these fields). */
export interface SnapshotSource {
  gameId: string;
  seatTokens: SeatTokenDigest[];
  createdUnder: RulesVersion | null;
  commands: Map<string, CommandRecord>;
}

/** Bumped whenever what a snapshot holds, or how, changes. */
export const SNAPSHOT_FORMAT = 1;

interface SnapshotDocument {
  format: number;
  rules: string;
  /** The scenario digest the game's first event records (null: recorded before digests were kept). */
  scenario: string | null;
  gameId: string;
  /** The id of the event at `base.revision`: the log it was folded from is this log. */
  eventId: string;
  base: HistoryBase;
  seatTokens: SeatTokenDigest[];
  createdUnder: RulesVersion | null;
  rulesVersion: string | null;
  before: LogBefore;
  /** The command records, as JSON text of [commandId, fingerprint, first, last, seat, recordedAt] rows: parsed on first use. */
  commands: string;
}

type CommandRow = [string, string, number, number, number | null, string | null];

/**
 * The command records of a game opened from a snapshot: those before the snapshot are parsed the
 * first time a record is asked for (a command, an events page), not to open the game. Only get,
 * set, has and size are used by the repository's callers; each reads the older records first.
 */
export class CommandRecords extends Map<string, CommandRecord> {
  private older: string | undefined;
  /** The command of the log's last event before the snapshot (a read may continue its action). */
  private olderLast: string | undefined;

  static from(text: string, last: string): CommandRecords {
    const records = new CommandRecords();
    records.older = text;
    records.olderLast = last;
    return records;
  }

  /**
   * The record of a command read from the log after the snapshot: its own, or the last one's
   * before it (a read that continues its action); any other is new, since a command is appended
   * once. Reads the older records only for that last one.
   */
  latest(commandId: string): CommandRecord | undefined {
    return super.get(commandId) ?? (commandId === this.olderLast ? this.get(commandId) : undefined);
  }

  private hydrate(): void {
    const text = this.older;
    if (text === undefined) return;
    this.older = undefined;
    const later = [...super.entries()];
    super.clear();
    for (const [commandId, fingerprint, firstRevision, lastRevision, seat, recordedAt] of JSON.parse(text) as CommandRow[]) {
      super.set(commandId, { fingerprint, firstRevision, lastRevision, seat, recordedAt });
    }
    for (const [commandId, record] of later) super.set(commandId, record);
  }

  override get(commandId: string): CommandRecord | undefined {
    this.hydrate();
    return super.get(commandId);
  }

  override has(commandId: string): boolean {
    this.hydrate();
    return super.has(commandId);
  }

  override get size(): number {
    this.hydrate();
    return super.size;
  }

  override entries(): MapIterator<[string, CommandRecord]> {
    this.hydrate();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[string, CommandRecord]> {
    return this.entries();
  }
}

/** The records of the commands up to `revision` (those the snapshot's base holds). */
const commandRows = (commands: Map<string, CommandRecord>, revision: number): CommandRow[] => {
  const rows: CommandRow[] = [];
  for (const [id, r] of commands.entries())
    if (r.firstRevision <= revision) rows.push([id, r.fingerprint, r.firstRevision, r.lastRevision, r.seat ?? null, r.recordedAt ?? null]);
  return rows;
};

/** The snapshot of `game` at `base` (its history's, taken at the event `eventId`), `before` the log up to it. */
export function encodeSnapshot(game: SnapshotSource, base: HistoryBase, eventId: string, rulesVersion: string | null, before: LogBefore): string {
  const document: SnapshotDocument = {
    format: SNAPSHOT_FORMAT,
    rules: currentRules(),
    scenario: game.createdUnder?.scenario ?? null,
    gameId: game.gameId,
    eventId,
    base,
    seatTokens: game.seatTokens,
    createdUnder: game.createdUnder,
    rulesVersion,
    before,
    commands: JSON.stringify(commandRows(game.commands, base.revision)),
  };
  return JSON.stringify(document);
}

/** What a snapshot gives to open a game from: the parts the log after it does not say. */
export type DecodedSnapshot = Omit<SnapshotDocument, 'format' | 'rules' | 'gameId' | 'commands'> & { commands: CommandRecords };

/** The snapshot's content, or why it may not be used: another format, other rules, another game, or not a snapshot at all. */
export function decodeSnapshot(gameId: string, text: string): DecodedSnapshot | string {
  let document: SnapshotDocument;
  try {
    document = JSON.parse(text) as SnapshotDocument;
  } catch {
    return 'unreadable';
  }
  if (typeof document !== 'object' || document === null) return 'unreadable';
  if (document.format !== SNAPSHOT_FORMAT) return `format ${String(document.format)}`;
  if (document.rules !== currentRules()) return `rules ${String(document.rules)}`;
  if (document.gameId !== gameId) return 'another game';
  const base = document.base as Partial<HistoryBase> | undefined;
  const state = base?.state as Partial<GameState> | undefined;
  // A revision that is no position in a log is no fold of it (and a store may refuse to read there).
  const revision = base?.revision;
  const atRevision = Number.isSafeInteger(revision) && (revision as number) >= 0;
  if (!base || !atRevision || !state || typeof state !== 'object' || !base.floor || !base.last || typeof document.commands !== 'string') {
    return 'incomplete';
  }
  return {
    scenario: document.scenario,
    eventId: document.eventId,
    base: document.base,
    seatTokens: document.seatTokens,
    createdUnder: document.createdUnder,
    rulesVersion: document.rulesVersion,
    before: document.before,
    commands: CommandRecords.from(document.commands, document.base.last.actionId),
  };
}
