// Games leaving and entering this server, and games started from other games: forks, exports
// (NDJSON, whole or redacted for the one who asks) and imports (checked by deciding every
// recorded command again under today's rules before anything is written).
import { Inject, Injectable, BadRequestException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, type EventStore, type NewEvent } from '@logbook/event-store';
import {
  actionMetadata,
  commandFingerprint,
  deterministicEventId,
  gameStreamId,
  exportLine,
  GAME_EVENT_SCHEMA_VERSION,
  isWholeExport,
  parseExport,
  recordedRulesVersion,
  redecideYielding,
  scenarioDigest,
  toNewEvents,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportAccess,
  type ExportHeader,
  type ExportLine,
  type LogEvent,
} from '@logbook/game-log';
import {
  decideFork,
  isGameOver,
  recordingRng,
  RuleViolation,
  seatBots,
  seatClaims,
  type CarriedNote,
  type GameEvent,
  type GameState,
  type LogEntry,
  type Rng,
  type RulesVersion,
  type ScenarioDefinition,
  type SeatClaim,
} from '@logbook/rules';
import type { AppConfig } from '@logbook/app-core';
import { ImportRefusedError, OperatorRequiredError, SeatTokenMissingError } from './game.errors';
import { noteTextProblem } from './dto/note.dto';
import { playerNameProblem } from './dto/player-name';
import { GameRepository, type LoadedGame } from './game-repository';
import { isOperator } from './operator-token';
import { RNG } from './rng.provider';
import { RulesCheck } from './rules-check';
import type { Viewer } from './seat.guard';
import { SeekIndexService } from '../history/seek-index.service';
import type { SeatTokenDigest } from './seat-tokens';

export interface NewGameSeats {
  gameId: string;
  revision: number;
  seats: Array<{ seat: number; name: string; token: string }>;
}

/**
 * A seat of a fork: with a new token (shown once), or kept by the source's player, whose own
 * source token opens it (`claim: 'source-seat-token'`) and which nobody else is told.
 */
export type ForkSeat = { seat: number; name: string; token: string } | { seat: number; name: string; token: null; claim: 'source-seat-token' };

export interface ForkedGame {
  gameId: string;
  revision: number;
  seats: ForkSeat[];
  forkedFrom: { gameId: string; revision: number };
  reshuffled: boolean;
}

export interface ImportedGame extends NewGameSeats {
  importedFrom: string;
  actions: number;
}

/** Events read per page while an export streams. */
const EXPORT_PAGE = 500;

@Injectable()
export class GamePortabilityService {
  constructor(
    private readonly games: GameRepository,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(RNG) private readonly rng: Rng,
    private readonly config: ConfigService,
    private readonly seek: SeekIndexService,
    private readonly rules: RulesCheck,
  ) {}

  private get adminToken(): string | undefined {
    return this.config.get<AppConfig['adminToken']>('adminToken');
  }

  /**
   * A new game from the source's effective history up to revision `at`. Who may: a seat of the game,
   * anyone once it is over, an operator. Source still hiding something: hidden parts are dealt
   * again (see decideFork), so the fork cannot scout the source (a sandbox is copied exactly for an operator or its only seat).
   *
   * [D] Who gets which seat. An operator: a new token for every seat. A seat of the source: a new
   * token for its own seat only; every other seat keeps the source's token digest, so each source
   * player's own token takes the same seat and nobody else is handed it. Anyone else (only once
   * the source is over): new tokens for every seat if nothing of the source is hidden any more (it
   * is over and not itself a fork, whose sealed starting board stays hidden for good), else every
   * seat stays its source player's.
   */
  async fork(source: LoadedGame, viewer: Viewer, at: number, players?: Array<{ name: string }>): Promise<ForkedGame> {
    const gameId = source.gameId;
    const operator = 'operator' in viewer;
    if ('spectator' in viewer && !isGameOver(source.state.status)) throw new SeatTokenMissingError();
    const forker = 'seat' in viewer ? viewer.seat : null;
    if (at > source.revision) throw new BadRequestException(`at must be at most the game's revision ${source.revision}`);
    // The log (an entry per event) says whether `at` ends an action, and whether the source is a fork.
    const log = await this.games.wholeLog(source);
    const next = log[at + 1]?.actionId;
    if (next !== undefined && next === log[at]?.actionId) {
      throw new RuleViolation('fork.mid-action', `Revision ${at} is in the middle of an action: fork at the last revision of an action`);
    }
    // The board at `at`: the loaded game's own at its last revision, else the seek index's (a
    // snapshot and a few events, not a fold of the whole prefix per fork).
    const board: GameState = at === source.revision ? source.state : await this.seek.stateAt(gameId, at);
    const forkId = randomUUID();
    // Nothing of the source is hidden any more once it is over, unless it is a fork: a sealed board.
    const revealed = isGameOver(source.state.status) && log[0]?.event.type !== 'GameForked';
    // [D] A sandbox is copied exactly for an operator, or for the seat that is all of it: another
    // seat's exact copy would show their hands to everyone once it ended (a seat alone may end a game).
    const exactCopy = operator || board.seats.every((s) => s.seat === forker);
    const reshuffle = !revealed && (board.mode === 'standard' || !exactCopy);
    const command = { type: 'ForkGame', source: { gameId, revision: at }, ...(players ? { players } : {}), reshuffle };
    const { rng, draws } = recordingRng(this.rng);
    const notes = notesUpTo(log, gameId, at);
    // The seats bots played at `at` are played by them in the fork too (recorded with it).
    const bots = seatBots(log.slice(0, at + 1).map((entry) => entry.event));
    const allNew = operator || (forker === null && revealed);
    // [D] A seat claimed into a profile at `at` stays linked in the fork when the fork's seat is
    // its source player's: the same names, and a token only the source seat's holder has (theirs
    // kept, or a new one for the forker's own seat). When every seat gets a new token (an operator,
    // a spectator of a finished game) or new players are named, whoever takes it is unknown: the
    // fork's seats start unlinked, and each may be claimed there.
    const claims = allNew || players !== undefined ? new Map<number, SeatClaim>() : seatClaims(log.slice(0, at + 1).map((entry) => entry.event));
    const events = [
      ...decideFork(board, { gameId: forkId, source: { gameId, revision: at }, players, reshuffle, notes }, rng),
      ...[...bots].map(([seat, bot]): GameEvent => ({ type: 'SeatHandedToBot', data: { seat, bot, by: 'setup' } })),
      ...[...claims].map(([seat, claim]): GameEvent => ({ type: 'SeatClaimed', data: { seat, ...claim } })),
    ];
    const commandId = `fork-${forkId}`;
    const { first, rest } = actionMetadata({
      commandId,
      seat: null,
      recordedAt: new Date().toISOString(),
      command,
      commandFingerprint: commandFingerprint(command),
      draws,
    });
    const newTokensFor: number[] = [];
    const kept: SeatTokenDigest[] = [];
    for (const s of board.seats) {
      if (allNew || s.seat === forker) newTokensFor.push(s.seat);
      else {
        // A seat the source recorded no token for (none is known) stays as untaken as it was there.
        const digest = source.seatTokens.find((d) => d.seat === s.seat);
        if (digest) kept.push(digest);
      }
    }
    // A fork is a new game under today's rules, of its source's scenario.
    const scenario = source.createdUnder?.scenario;
    const rulesVersion = scenario === undefined ? { rules: this.rules.today } : { rules: this.rules.today, scenario };
    const started = await this.games.start(forkId, { newTokensFor, kept }, (seatTokens) =>
      toNewEvents(forkId, commandId, events, rest, { ...first, seatTokens, rulesVersion }),
    );
    const seats = board.seats.map((s, i): ForkSeat => {
      const name = players?.[i]?.name ?? s.name;
      const opened = newTokensFor.indexOf(s.seat);
      return opened < 0 ? { seat: s.seat, name, token: null, claim: 'source-seat-token' } : { seat: s.seat, name, token: started.tokens[opened] };
    });
    return { gameId: forkId, revision: started.revision, forkedFrom: { gameId, revision: at }, reshuffled: reshuffle, seats };
  }

  /**
   * The export of a game: its header, then its events as lines, read page by page while they are
   * written out. Access is settled before anything is streamed (ViewerGuard: a 401/403/404 is a normal answer).
   */
  async export(game: LoadedGame, viewer: Viewer): Promise<{ header: ExportHeader; lines: AsyncIterable<ExportLine> }> {
    const gameId = game.gameId;
    const operator = 'operator' in viewer;
    const seat = 'seat' in viewer ? viewer.seat : null;
    const status = game.state.status;
    const first = await this.store.readStream(gameStreamId(gameId), { fromRevision: 0, maxCount: 1 });
    const firstType = first.status === 'ok' ? first.events[0]?.type : undefined;
    const access: ExportAccess = operator ? { whole: true } : { whole: false, seat, status };
    const complete = isWholeExport(access, firstType);
    const header: ExportHeader = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      gameId,
      revision: game.revision,
      status,
      complete,
      ...(complete ? {} : { redactedFor: { seat } }),
      exportedAt: new Date().toISOString(),
    };
    const lineAccess: ExportAccess = complete ? { whole: true } : access;
    return { header, lines: this.lines(gameId, game.revision, lineAccess) };
  }

  private async *lines(gameId: string, lastRevision: number, access: ExportAccess): AsyncIterable<ExportLine> {
    for (let from = 0; from <= lastRevision; from += EXPORT_PAGE) {
      const page = await this.store.readStream(gameStreamId(gameId), { fromRevision: from, maxCount: Math.min(EXPORT_PAGE, lastRevision - from + 1) });
      if (page.status !== 'ok') return;
      for (const recorded of page.events) yield exportLine(recorded, access);
    }
  }

  /**
   * Recreates a game from a whole export, as a new game with new seat tokens, after deciding
   * every recorded command again under today's rules with its recorded draws. Operators only:
   * a file chooses its own dice, so importing one is trusting it.
   */
  async import(text: string, authorization: string | undefined): Promise<ImportedGame> {
    if (!isOperator(authorization, this.adminToken)) throw new OperatorRequiredError('Importing a game', authorization !== undefined && authorization !== '');
    const { header, events } = parseExport(text);
    const gameId = randomUUID();
    const log = withGameId(events, gameId);
    // Checked in slices, the event loop served between them: a long file takes seconds of CPU.
    const checked = await redecideYielding(log);
    if (!checked.ok) {
      const { divergence } = checked;
      throw new ImportRefusedError(
        'import.differs',
        divergence.revision + 2,
        `${divergence.commandType ?? 'an action'} (commandId ${divergence.actionId}): ${divergence.reason}`,
        divergence.actionId,
      );
    }
    // A file's names enter this server as a new game's do, and answer to the same rule.
    for (const s of checked.state.seats) {
      const problem = playerNameProblem(s.name, `seat ${s.seat}'s name`);
      if (problem !== undefined) throw new BadRequestException(`The export's players must have names a game accepts: ${problem}`);
    }
    // And its notes as a note posted here does.
    for (const event of log) {
      const texts = event.type === 'NoteAdded' ? [noteData(event).text] : event.type === 'GameForked' ? (noteData(event).notes ?? []).map((n) => n.text) : [];
      for (const text of texts) {
        const problem = typeof text === 'string' && text.trim() === text ? noteTextProblem(text) : 'text must be trimmed';
        if (problem !== undefined) throw new BadRequestException(`The export's notes must be notes a game accepts (revision ${event.revision}): ${problem}`);
      }
    }
    const importedAt = new Date().toISOString();
    // Every action was just decided again under today's rules: the new game is recorded under them.
    const rulesVersion = importedRulesVersion(log, this.rules.today);
    const appended = (seatTokens: SeatTokenDigest[]): NewEvent[] => {
      const indexInAction = new Map<string, number>();
      return log.map((event, i) => {
        const commandId = String(event.metadata.commandId);
        const index = indexInAction.get(commandId) ?? 0;
        indexInAction.set(commandId, index + 1);
        return {
          id: deterministicEventId(gameId, commandId, index),
          type: event.type,
          data: event.data,
          schemaVersion: GAME_EVENT_SCHEMA_VERSION,
          metadata: {
            ...event.metadata,
            ...(i === 0 ? { seatTokens, importedFrom: header.gameId, importedAt, rulesVersion } : {}),
            schemaVersion: GAME_EVENT_SCHEMA_VERSION,
          },
        };
      });
    };
    const started = await this.games.start(gameId, { newTokensFor: checked.state.seats.map((s) => s.seat) }, appended);
    const seats = checked.state.seats.map((s, i) => ({ seat: s.seat, name: s.name, token: started.tokens[i] }));
    return { gameId, revision: started.revision, importedFrom: header.gameId, actions: checked.actions, seats };
  }
}

/** An imported event's note fields, as a file may hold anything. */
const noteData = (event: LogEvent) => ((event.data as { data?: unknown }).data ?? {}) as { text?: unknown; notes?: Array<{ text?: unknown }> };

/**
 * [D] The notes a fork at revision `at` keeps: every note on a revision up to `at`, whenever it
 * was written, and those the source itself carried from its own source (they speak of its start).
 */
function notesUpTo(log: readonly LogEntry[], gameId: string, at: number): CarriedNote[] {
  const carried: CarriedNote[] = [];
  const own: CarriedNote[] = [];
  for (const { event } of log) {
    if (event.type === 'GameForked') carried.push(...(event.data.notes ?? []));
    else if (event.type === 'NoteAdded' && event.data.at <= at) {
      own.push({ noteId: event.data.noteId, by: event.data.by, text: event.data.text, from: { gameId, revision: event.data.at } });
    }
  }
  // In the order of the moments they speak of (a stable sort: notes on one revision as written).
  return [...carried, ...own.sort((a, b) => a.from.revision - b.from.revision)];
}

/** Today's rules version, with the scenario digest the file records or, for a new game's file, that of its scenario document. */
function importedRulesVersion(log: readonly LogEvent[], today: string): RulesVersion {
  const first = log[0];
  const recorded = first ? recordedRulesVersion(first)?.scenario : undefined;
  if (recorded !== undefined) return { rules: today, scenario: recorded };
  const secret = first?.metadata.commandSecret as { scenario?: ScenarioDefinition } | undefined;
  return secret?.scenario && typeof secret.scenario === 'object' ? { rules: today, scenario: scenarioDigest(secret.scenario) } : { rules: today };
}

/** The log with its own game id where the first action names one (the command and its event). */
function withGameId(events: LogEvent[], gameId: string): LogEvent[] {
  const [first, ...rest] = events;
  const command = first.metadata.command as { type?: string; gameId?: unknown } | undefined;
  const payload = first.data as { data?: { gameId?: unknown }; secret?: { data?: { state?: { gameId?: unknown } } } };
  if (first.type === 'GameCreated' && command?.type === 'CreateGame') {
    return [{ ...first, metadata: { ...first.metadata, command: { ...command, gameId } }, data: { ...payload, data: { ...payload.data, gameId } } }, ...rest];
  }
  if (first.type === 'GameForked' && payload.secret?.data?.state) {
    const secret = { ...payload.secret, data: { ...payload.secret.data, state: { ...payload.secret.data.state, gameId } } };
    return [{ ...first, data: { ...payload, data: { ...payload.data, gameId }, secret } }, ...rest];
  }
  return events;
}
