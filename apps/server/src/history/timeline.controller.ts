import { BadRequestException, Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Timeline } from '@logbook/projections';
import { SeekIndexService } from './seek-index.service';

const GAME_ID = /^[A-Za-z0-9-]{1,64}$/;

@Controller('games')
export class TimelineController {
  constructor(private readonly seek: SeekIndexService) {}

  /**
   * The game's actions grouped by round and turn: who did what, when, its revision range and
   * whether it was undone or redone. Public (it holds no hidden information): no token needed.
   */
  @Get(':gameId/timeline')
  async timeline(@Param('gameId') gameId: string, @Res({ passthrough: true }) res: Response): Promise<Timeline> {
    if (!GAME_ID.test(gameId)) throw new BadRequestException('gameId is malformed');
    const timeline = await this.seek.timeline(gameId);
    res.setHeader('ETag', `"${timeline.revision}"`);
    return timeline;
  }
}
