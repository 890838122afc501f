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
  effectiveState,
  exportLine,
  GAME_EVENT_SCHEMA_VERSION,
  isWholeExport,
  parseExport,
  redecideYielding,
  toNewEvents,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportAccess,
  type ExportHeader,
  type ExportLine,
  type LogEvent,
} from '@logbook/game-log';
import { decideFork, isGameOver, recordingRng, RuleViolation, type GameState, type Rng } from '@logbook/rules';
import type { AppConfig } from '@logbook/app-core';
import { GameNotFoundError, ImportRefusedError, OperatorRequiredError, SeatTokenMissingError } from './game.errors';
import { GameRepository } from './game-repository';
import { isOperator } from './operator-token';
import { RNG } from './rng.provider';
import { seatOf } from './seat.guard';
import { bearerToken, digestToken, newSeatToken } from './seat-tokens';

export interface NewGameSeats {
  gameId: string;
  revision: number;
  seats: Array<{ seat: number; name: string; token: string }>;
}

export interface ForkedGame extends NewGameSeats {
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
  ) {}

  private get adminToken(): string | undefined {
    return this.config.get<AppConfig['adminToken']>('adminToken');
  }

  /**
   * A new game from `gameId`'s effective history up to revision `at`. Who may: a seat of the game,
   * anyone once it is over, an operator. Standard mode, source still running: hidden parts are
   * dealt again (see decideFork), so the fork cannot scout the source.
   */
  async fork(gameId: string, authorization: string | undefined, at: number, players?: Array<{ name: string }>): Promise<ForkedGame> {
    const source = await this.games.load(gameId);
    if (!isOperator(authorization, this.adminToken) && !isGameOver(source.state.status)) {
      if (bearerToken(authorization) === null) throw new SeatTokenMissingError();
      seatOf(source, authorization); // 403 unless a seat of this game
    }
    if (at > source.revision) throw new BadRequestException(`at must be at most the game's revision ${source.revision}`);
    const read = await this.store.readStream(gameStreamId(gameId), { fromRevision: 0, maxCount: at + 2 });
    if (read.status !== 'ok') throw new GameNotFoundError(gameId);
    const prefix = read.events.slice(0, at + 1);
    const next = read.events[at + 1];
    if (next && next.metadata.commandId !== undefined && next.metadata.commandId === prefix[at].metadata.commandId) {
      throw new RuleViolation('fork.mid-action', `Revision ${at} is in the middle of an action: fork at the last revision of an action`);
    }
    const board: GameState = effectiveState(prefix);
    const forkId = randomUUID();
    const reshuffle = board.mode === 'standard' && !isGameOver(source.state.status);
    const command = { type: 'ForkGame', source: { gameId, revision: at }, ...(players ? { players } : {}), reshuffle };
    const { rng, draws } = recordingRng(this.rng);
    const events = decideFork(board, { gameId: forkId, source: { gameId, revision: at }, players, reshuffle }, rng);
    const commandId = `fork-${forkId}`;
    const { first, rest } = actionMetadata({
      commandId,
      seat: null,
      recordedAt: new Date().toISOString(),
      command,
      commandFingerprint: commandFingerprint(command),
      draws,
    });
    const seats = board.seats.map((s, i) => ({ seat: s.seat, name: players?.[i]?.name ?? s.name, token: newSeatToken() }));
    const seatTokens = seats.map((s) => ({ seat: s.seat, sha256: digestToken(s.token) }));
    const result = await this.store.append(gameStreamId(forkId), toNewEvents(forkId, commandId, events, rest, { ...first, seatTokens }), 'no_stream');
    return { gameId: forkId, revision: result.nextExpectedRevision, forkedFrom: { gameId, revision: at }, reshuffled: reshuffle, seats };
  }

  /**
   * The export of a game: its header, then its events as lines, read page by page while they are
   * written out. Access is settled before anything is streamed (a 401/403/404 is a normal answer).
   */
  async export(gameId: string, authorization: string | undefined): Promise<{ header: ExportHeader; lines: AsyncIterable<ExportLine> }> {
    const game = await this.games.load(gameId);
    const operator = isOperator(authorization, this.adminToken);
    const seat = operator ? null : seatOf(game, authorization);
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
      throw new ImportRefusedError('import.differs', divergence.revision + 2, `${divergence.commandType ?? 'an action'} (commandId ${divergence.actionId}): ${divergence.reason}`, divergence.actionId);
    }
    const seats = checked.state.seats.map((s) => ({ seat: s.seat, name: s.name, token: newSeatToken() }));
    const seatTokens = seats.map((s) => ({ seat: s.seat, sha256: digestToken(s.token) }));
    const indexInAction = new Map<string, number>();
    const appended: NewEvent[] = log.map((event, i) => {
      const commandId = String(event.metadata.commandId);
      const index = indexInAction.get(commandId) ?? 0;
      indexInAction.set(commandId, index + 1);
      return {
        id: deterministicEventId(gameId, commandId, index),
        type: event.type,
        data: event.data,
        schemaVersion: GAME_EVENT_SCHEMA_VERSION,
        metadata: { ...event.metadata, ...(i === 0 ? { seatTokens, importedFrom: header.gameId } : {}), schemaVersion: GAME_EVENT_SCHEMA_VERSION },
      };
    });
    const result = await this.store.append(gameStreamId(gameId), appended, 'no_stream');
    return { gameId, revision: result.nextExpectedRevision, importedFrom: header.gameId, actions: checked.actions, seats };
  }
}

/** The log with its own game id where the first action names one (the command and its event). */
function withGameId(events: LogEvent[], gameId: string): LogEvent[] {
  const [first, ...rest] = events;
  const command = first.metadata.command as { type?: string; gameId?: unknown } | undefined;
  const payload = first.data as { data?: { gameId?: unknown }; secret?: { data?: { state?: { gameId?: unknown } } } };
  if (first.type === 'GameCreated' && command?.type === 'CreateGame') {
    return [
      { ...first, metadata: { ...first.metadata, command: { ...command, gameId } }, data: { ...payload, data: { ...payload.data, gameId } } },
      ...rest,
    ];
  }
  if (first.type === 'GameForked' && payload.secret?.data?.state) {
    const secret = { ...payload.secret, data: { ...payload.secret.data, state: { ...payload.secret.data.state, gameId } } };
    return [{ ...first, data: { ...payload, data: { ...payload.data, gameId }, secret } }, ...rest];
  }
  return events;
}

