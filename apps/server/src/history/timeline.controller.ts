import { BadRequestException, Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Timeline } from '@logbook/projections';
import { SeekIndexService } from './seek-index.service';
import { RateBudget } from '../http/edge-route';

const GAME_ID = /^[A-Za-z0-9-]{1,64}$/;

const roundParam = (value: unknown, name: string, fallback: number): number => {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw new BadRequestException(`${name} must be a round number >= 0`);
  return Number(value);
};

@Controller('games')
export class TimelineController {
  constructor(private readonly seek: SeekIndexService) {}

  /**
   * The game's actions grouped by round and turn: who did what, when, its revision range and
   * whether it was undone or redone. Public (it holds no hidden information): no token needed.
   */
  @Get(':gameId/timeline')
  @RateBudget('longReads')
  async timeline(
    @Param('gameId') gameId: string,
    @Res({ passthrough: true }) res: FastifyReply,
    @Query('from') from?: string,
    @Query('to') to?: string,
  ): Promise<Timeline> {
    if (!GAME_ID.test(gameId)) throw new BadRequestException('gameId is malformed');
    const first = roundParam(from, 'from', 0);
    const last = roundParam(to, 'to', Number.MAX_SAFE_INTEGER);
    if (first > last) throw new BadRequestException('from must be at most to');
    const timeline = await this.seek.timeline(gameId);
    res.header('ETag', `"${timeline.revision}"`);
    if (from === undefined && to === undefined) return timeline;
    // A long game's timeline is long: a client can ask for some rounds at a time.
    return { ...timeline, rounds: timeline.rounds.filter((r) => r.round >= first && r.round <= last) };
  }
}
