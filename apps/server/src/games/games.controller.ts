import { BadRequestException, Body, Controller, Get, Headers, HttpCode, Post, Query, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { boardView, commandWords, namesOfState, type BoardView } from '@logbook/projections';
import type { CreatedGame, GameOptions } from '@logbook/app-core';
import type { CommandResult } from '@logbook/game-log';
import { isGameOver, legalCommands, waitingFor } from '@logbook/rules';
import { BotRunner } from '../bots/bot-runner.service';
import { botSeatList, seatBotsAt, seatBotsOf, seatClaimsAt } from '../bots/seat-bots-of';
import { JsonBody, RateBudget } from '../http/edge-route';
import { COMMAND_BODY_BYTES, MAX_JSON_BYTE_COUNT } from '../http/json-body';
import { NewGameBudget } from '../http/storage-budget';
import { CreateGameDto, type NewPlayerDto } from './dto/create-game.dto';
import { ProfilesService } from '../players/profiles.service';
import { parseCommandBody } from './dto/command-dtos';
import { GameCommandsService } from './game-commands.service';
import { GameEventsService } from './game-events.service';
import { GameRepository, type LoadedGame } from './game-repository';
import { LiveFeedService, resumeAfter } from './live-feed.service';
import { RulesCheck, type GameRules } from './rules-check';
import { ScenarioResolver } from './scenario-resolver';
import { CommandSeatGuard, Game, Seat, SeatGuard } from './seat.guard';
import { SeekIndexService } from '../history/seek-index.service';
import { countedOrder } from '../metrics/order-metrics';
import { LogbookMetrics } from '../metrics/logbook-metrics';
import { isSeek, revisionAt, revisionOfTurn, type SeekQuery } from '../history/seek-query';
import { PRESENCE_CLIENT_ID } from '../presence/presence.controller';

/** `If-Match: 5`, `"5"` or `W/"5"` → 5; absent or `*` (any revision) → undefined; anything else is a 400. */
const parseIfMatch = (header: string | undefined): number | undefined => {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^(?:W\/)?"?(-?\d{1,15})"?$/.exec(header.trim());
  if (!match) throw new BadRequestException('If-Match must be a game revision, e.g. If-Match: "12"');
  return Number(match[1]);
};

const parseCount = (value: string | undefined, name: string, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d{1,9}$/.test(value) || !Number.isInteger(n)) throw new BadRequestException(`${name} must be a whole number >= 0`);
  return n;
};

/** `x-correlation-id`: up to 128 visible ASCII characters, so it is safe to log and to store. */
const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;
const checkCorrelationId = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  if (!CORRELATION_ID.test(value)) throw new BadRequestException('x-correlation-id must be 1-128 visible ASCII characters');
  return value;
};

@Controller('games')
export class GamesController {
  constructor(
    private readonly commands: GameCommandsService,
    private readonly events: GameEventsService,
    private readonly games: GameRepository,
    private readonly scenarios: ScenarioResolver,
    private readonly liveFeed: LiveFeedService,
    private readonly seek: SeekIndexService,
    private readonly rules: RulesCheck,
    private readonly bots: BotRunner,
    private readonly profiles: ProfilesService,
    private readonly metrics: LogbookMetrics,
  ) {}

  /** A game a bot plays in is woken when looked at: after a restart its bots resume without a command. */
  private wakeBots(game: LoadedGame): void {
    if (seatBotsOf(game).size > 0) this.bots.wake(game.gameId);
  }

  /**
   * Only the fields a player has (a seat without a bot records what it always did); a seat taken
   * with a profile proves it with the profile's secret and shows the profile's name.
   */
  private async seatPlayers(entries: NewPlayerDto[]): Promise<Array<{ name: string; bot?: string; playerId?: string }>> {
    const out: Array<{ name: string; bot?: string; playerId?: string }> = [];
    for (const [i, p] of entries.entries()) {
      if (p.playerId === undefined) {
        if (p.playerSecret !== undefined) throw new BadRequestException(`players.${i}.playerSecret goes with a playerId`);
        const name = p.name as string;
        out.push(p.bot === undefined ? { name } : { name, bot: p.bot });
        continue;
      }
      if (p.name !== undefined || p.bot !== undefined)
        throw new BadRequestException(`players.${i}: a profile's seat takes no name or bot (it shows the profile's name)`);
      const profile = await this.profiles.open(p.playerId, p.playerSecret);
      out.push({ name: profile.name, playerId: profile.playerId });
    }
    return out;
  }

  @Post()
  @RateBudget('creates')
  @JsonBody(MAX_JSON_BYTE_COUNT)
  @UseInterceptors(NewGameBudget)
  async create(@Body() body: CreateGameDto, @Headers('x-correlation-id') correlationId?: string): Promise<CreatedGame> {
    const correlation = checkCorrelationId(correlationId);
    const scenario = this.scenarios.resolve(body.scenario);
    const players = await this.seatPlayers(body.players);
    return this.commands.createGame({ scenario, players, mode: body.mode ?? 'standard' }, correlation);
  }

  /** The board view now, or as it stood at `?at=<revision>` or `?round=&turn=` (replay and seek). */
  @Get(':gameId')
  @RateBudget('reads')
  @UseGuards(SeatGuard)
  async view(
    @Game() game: LoadedGame,
    @Seat() seat: number | null,
    @Res({ passthrough: true }) res: FastifyReply,
    @Query() query: SeekQuery,
  ): Promise<(BoardView & { rules: GameRules }) | string> {
    res.header('Vary', 'Authorization');
    // Which rules the game was created and decided under, and whether it is frozen (checked on
    // this process's first look at a game recorded under other rules, then known).
    const rules = await this.rules.status(game);
    this.wakeBots(game);
    if (!isSeek(query)) {
      // The revision is the version of the game; the view also depends on who asks.
      res.header('ETag', `"${game.revision}"`);
      res.type('application/json; charset=utf-8');
      return this.events.currentView(game, seat, rules);
    }
    const revision =
      query.at !== undefined && query.round === undefined && query.turn === undefined
        ? revisionAt(query.at, game.revision)
        : await revisionOfTurn(query, () => this.seek.timeline(game.gameId));
    const past = await this.seek.stateAt(game.gameId, revision);
    // Hidden information of the past stays hidden until the game itself is over.
    const reveal = isGameOver(game.state.status);
    // A past view's version is its own revision (marked once the game's end reveals what it hid).
    res.header('ETag', reveal && !isGameOver(past.status) ? `"${revision}-revealed"` : `"${revision}"`);
    // Who played each seat then: the log's handovers up to that revision.
    const bots = botSeatList(seatBotsAt(game, revision));
    const view: BoardView & { rules?: GameRules } = boardView(past, revision, seat, { reveal, bots, claims: seatClaimsAt(game, revision) });
    view.rules = rules;
    return view as BoardView & { rules: GameRules };
  }

  /**
   * What the caller's seat may send now, each with its cost; options whose acceptance depends on
   * hidden information are listed either way and marked `dependsOnHidden`. None for a spectator.
   */
  @Get(':gameId/options')
  @RateBudget('reads')
  @UseGuards(SeatGuard)
  options(@Game() game: LoadedGame, @Seat() seat: number | null, @Res({ passthrough: true }) res: FastifyReply): GameOptions {
    res.header('ETag', `"${game.revision}"`);
    res.header('Vary', 'Authorization');
    this.wakeBots(game);
    const names = namesOfState(game.state, seat);
    // Each option with the words the page shows on its button (the same table as the timeline's).
    const options = (seat === null ? [] : legalCommands(game.state, seat, { history: game.history })).map((option) => ({
      ...option,
      label: commandWords(option.command.type)?.label(option.command, names) ?? option.command.type,
    }));
    return { revision: game.revision, seat, waitingFor: waitingFor(game.state), options };
  }

  @Get(':gameId/events')
  @RateBudget('longReads')
  @UseGuards(SeatGuard)
  async eventsOf(@Game() game: LoadedGame, @Seat() seat: number | null, @Query('from') from?: string, @Query('limit') limit?: string): Promise<CommandResult> {
    const maxCount = parseCount(limit, 'limit', 1000);
    if (maxCount < 1 || maxCount > 1000) throw new BadRequestException('limit must be 1..1000');
    return this.events.eventsFor(game, seat, parseCount(from, 'from', 0), maxCount);
  }

  /**
   * Server-sent events: the game's events from revision `from` (or after `Last-Event-ID`, which a
   * reconnecting browser sends), then live as they happen, until the game ends.
   */
  @Get(':gameId/live')
  @RateBudget('longReads')
  @UseGuards(SeatGuard)
  async live(
    @Game() game: LoadedGame,
    @Seat() seat: number | null,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: FastifyRequest,
    @Res() res: FastifyReply,
    @Query('from') from?: string,
    @Query('client') client?: string,
    @Query('presence') presence?: string,
  ): Promise<void> {
    const start = resumeAfter(lastEventId) ?? parseCount(from, 'from', 0);
    if (client !== undefined && !PRESENCE_CLIENT_ID.test(client)) throw new BadRequestException('client must be 8-64 letters, digits, - or _');
    if (presence !== undefined && presence !== 'true' && presence !== 'false') throw new BadRequestException('presence must be true or false');
    await this.liveFeed.stream(req, res, game, seat, start, { client, presence: presence === 'true' });
  }

  @Post(':gameId/commands')
  @HttpCode(200)
  @UseGuards(CommandSeatGuard)
  @RateBudget('commands')
  @JsonBody(COMMAND_BODY_BYTES)
  command(
    @Game() game: LoadedGame,
    @Seat({ required: true }) seat: number,
    @Body() body: unknown,
    @Headers('if-match') ifMatch: string | undefined,
    @Headers('x-correlation-id') correlationId: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<CommandResult> {
    return countedOrder(this.metrics, body, async () => {
      checkCorrelationId(correlationId);
      const { commandId, command } = parseCommandBody(body);
      const result = await this.commands.execute(game.gameId, seat, commandId, command, {
        ifMatch: parseIfMatch(ifMatch),
        correlationId,
        loaded: game,
      });
      res.header('ETag', `"${result.revision}"`);
      return result;
    });
  }
}
