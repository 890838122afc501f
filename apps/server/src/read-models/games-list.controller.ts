import { BadRequestException, Controller, Get, Inject, Query } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import type { GameListCursor, GameSummary } from '@logbook/projections';
import { READ_MODELS, type ReadModels } from '@logbook/app-core';
import { RateBudget } from '../http/edge-route';

const STATUSES = ['active', 'won', 'lost'] as const;
/** How long a list waits for the read model to catch up with what is already recorded. */
const CATCH_UP_MS = 2000;

const encodeCursor = (cursor: GameListCursor): string => Buffer.from(JSON.stringify([cursor.createdAt, cursor.gameId])).toString('base64url');

/** The opaque cursor of a previous page; anything else is a 400. */
function decodeCursor(raw: string): GameListCursor {
  try {
    if (raw.length > 200) throw new Error('too long');
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { createdAt: value[0] as string, gameId: value[1] as string };
    }
  } catch {
    // refused below
  }
  throw new BadRequestException('cursor must be the nextCursor of a previous page');
}

@Controller('games')
export class GamesListController {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * Games as the game-states read model knows them, newest first: public summaries only, no
   * hidden information. Every game is open to spectators (GET /games/:id needs no token), so any
   * caller may list every game; seat tokens are never listed. `nextCursor` fetches the next page.
   */
  @Get()
  @RateBudget('longReads')
  async list(
    @Query('status') status?: string,
    @Query('scenario') scenarioId?: string,
    @Query('limit') limit?: string,
    @Query('cursor') cursor?: string,
  ): Promise<{ games: GameSummary[]; nextCursor: string | null }> {
    if (status !== undefined && !STATUSES.includes(status as (typeof STATUSES)[number])) {
      throw new BadRequestException(`status must be one of ${STATUSES.join(', ')}`);
    }
    const max = limit === undefined ? 100 : Number(limit);
    if (!Number.isInteger(max) || max < 1 || max > 1000) throw new BadRequestException('limit must be 1..1000');
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    await this.caughtUp();
    const games = await this.readModels.gameStates.list({ status: status as GameSummary['status'] | undefined, scenarioId, limit: max, after });
    const last = games.at(-1);
    return { games, nextCursor: games.length === max && last ? encodeCursor({ createdAt: last.createdAt ?? '', gameId: last.gameId }) : null };
  }

  /**
   * Read-your-writes: wait (briefly) until the read model has handled the last event it reads.
   * The last event its filter keeps, not the store's head: on EventStoreDB `$all` also holds
   * system records that a filtered projection never sees.
   */
  private async caughtUp(): Promise<void> {
    const runner = this.readModels.runners['game-states'];
    const last = await this.store.lastPosition(runner.filter);
    if (last === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([runner.whenHandled(last), new Promise((resolve) => (timer = setTimeout(resolve, CATCH_UP_MS)))]);
    clearTimeout(timer);
  }
}
