// Forks, exports and imports: thin HTTP around GamePortabilityService.
import { BadRequestException, Body, Controller, Get, Headers, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Writable } from 'node:stream';
import { ForkGameDto } from './dto/fork-game.dto';
import { GamePortabilityService, type ForkedGame, type ImportedGame } from './game-portability.service';
import type { LoadedGame } from './game-repository';
import { Game, Viewer, ViewerGuard } from './seat.guard';
import { MAX_IMPORT_BYTES } from '../http/fastify';
import { edgeRoute, JsonBody, RateBudget } from '../http/edge-route';
import { SMALL_BODY_BYTES } from '../http/json-body';
import { RateBudgets } from '../http/rate-limits';
import { NewGameBudget } from '../http/storage-budget';

export { MAX_IMPORT_BYTES };

/**
 * Until the response takes more ('drain') or the client has gone ('close'). Both listeners go
 * once either fires: a race of two `once` promises leaves the loser's listener on the response,
 * one more per slow write, past Node's limit of 10 on any large export.
 */
function drainedOrClosed(res: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

@Controller('games')
export class PortabilityController {
  constructor(
    private readonly portability: GamePortabilityService,
    private readonly budgets: RateBudgets,
  ) {}

  /** A new game from this one's effective history up to `at`: new seat tokens (shown once) for the seats its caller may take. */
  @Post(':gameId/fork')
  @RateBudget('creates')
  @JsonBody(SMALL_BODY_BYTES)
  @UseInterceptors(NewGameBudget)
  @UseGuards(ViewerGuard)
  fork(@Game() source: LoadedGame, @Viewer() viewer: Viewer, @Body() body: ForkGameDto): Promise<ForkedGame> {
    return this.portability.fork(source, viewer, body.at, body.players);
  }

  /** NDJSON: a header line, then one line per event; whole or redacted for the caller (see the header). */
  @Get(':gameId/export')
  @RateBudget('exportBytes')
  @UseGuards(ViewerGuard)
  async export(@Game() game: LoadedGame, @Viewer() viewer: Viewer, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { header, lines } = await this.portability.export(game, viewer);
    const gameId = game.gameId;
    // Streamed by hand, with back-pressure: Fastify sends nothing more for this request.
    reply.hijack();
    const res = reply.raw;
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="game-${gameId}${header.complete ? '' : '-redacted'}.ndjson"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Vary', 'Authorization');
    const write = async (value: unknown) => {
      const text = `${JSON.stringify(value)}\n`;
      // An export costs what it sends: the client's next export waits once it has had its bytes.
      this.budgets.charge('exportBytes', req.ip, Buffer.byteLength(text));
      if (!res.write(text)) await drainedOrClosed(res);
    };
    try {
      await write(header);
      for await (const line of lines) {
        if (res.destroyed) return;
        await write(line);
      }
      res.end();
    } catch {
      // Headers are gone: a broken export ends without its last lines (a reader sees a short file).
      res.destroy();
    }
  }

  /** Recreates a game from a whole export (operators only), after deciding it again under today's rules. */
  @Post('import')
  @RateBudget('creates')
  @edgeRoute({ body: 'ndjson', bodyLimit: MAX_IMPORT_BYTES, operatorOnly: 'Importing a game' })
  @UseInterceptors(NewGameBudget)
  async import(
    @Req() req: FastifyRequest,
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<ImportedGame> {
    const text = await readBody(req);
    const imported = await this.portability.import(text, authorization);
    res.status(201);
    return imported;
  }
}

/**
 * The export's text: JSON lines arrive as text (read up to MAX_IMPORT_BYTES, a 413 past that, by
 * the parser in http/fastify.ts); a JSON body is not an export.
 */
async function readBody(req: FastifyRequest): Promise<string> {
  if (typeof req.body === 'string') return req.body;
  if (req.body && typeof req.body === 'object' && Object.keys(req.body as object).length > 0) {
    throw new BadRequestException('Send the export as Content-Type: application/x-ndjson');
  }
  return '';
}
