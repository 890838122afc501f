// Notes on moments of a game: thin HTTP around GameCommandsService.addNote (write) and the seek
// index's timeline (read). [D] Who may write: any seat of the game, at any time; the operator,
// always; anyone without a token only once the game is over and only if the operator allows it
// (LOGBOOK_PUBLIC_NOTES=on). Who may read: everyone who may see the game, as for the timeline: a
// note is written in public, and the server adds nothing to what its author wrote.
import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '@logbook/app-core';
import type { CommandResult } from '@logbook/game-log';
import type { NoteView } from '@logbook/projections';
import { isGameOver, type NoteAuthor } from '@logbook/rules';
import { JsonBody, RateBudget } from '../http/edge-route';
import { SMALL_BODY_BYTES } from '../http/json-body';
import { SeekIndexService } from '../history/seek-index.service';
import { AddNoteDto } from './dto/note.dto';
import { GameCommandsService } from './game-commands.service';
import { SeatTokenMissingError } from './game.errors';
import type { LoadedGame } from './game-repository';
import { checkGameId, Game, Viewer, ViewerGuard } from './seat.guard';

/** A game's notes, all or those on one revision. */
export interface GameNotes {
  gameId: string;
  /** The game's revision when they were read. */
  revision: number;
  notes: NoteView[];
}

/** Who writes, as the log records it; a spectator the configuration does not let write is a 401. */
export function noteAuthor(viewer: Viewer, game: LoadedGame, publicNotes: boolean): NoteAuthor {
  if ('operator' in viewer) return 'operator';
  if ('seat' in viewer) return viewer.seat;
  if (publicNotes && isGameOver(game.state.status)) return 'spectator';
  throw new SeatTokenMissingError();
}

@Controller('games')
export class NotesController {
  constructor(
    private readonly commands: GameCommandsService,
    private readonly seek: SeekIndexService,
    private readonly config: ConfigService,
  ) {}

  /** Adds a note on revision `at` of the game (idempotent by commandId); answers its event. */
  @Post(':gameId/notes')
  @HttpCode(200)
  @RateBudget('commands')
  @JsonBody(SMALL_BODY_BYTES * 4)
  @UseGuards(ViewerGuard)
  addNote(@Game() game: LoadedGame, @Viewer() viewer: Viewer, @Body() body: AddNoteDto): Promise<CommandResult> {
    const by = noteAuthor(viewer, game, this.config.get<AppConfig['publicNotes']>('publicNotes') === true);
    return this.commands.addNote(game.gameId, by, body.commandId, { at: body.at, text: body.text }, { loaded: game });
  }

  /** The game's notes, by the revision they speak of; `?at=` only those on that revision. Public, like the timeline. */
  @Get(':gameId/notes')
  @RateBudget('reads')
  async notes(@Param('gameId') gameId: string, @Res({ passthrough: true }) res: FastifyReply, @Query('at') at?: string): Promise<GameNotes> {
    checkGameId(gameId);
    if (at !== undefined && (typeof at !== 'string' || !/^\d{1,9}$/.test(at))) throw new BadRequestException('at must be a whole number >= 0');
    const timeline = await this.seek.timeline(gameId);
    res.header('ETag', `"${timeline.revision}"`);
    const notes = at === undefined ? timeline.notes : timeline.notes.filter((n) => n.at === Number(at));
    return { gameId, revision: timeline.revision, notes };
  }
}
