import { BadRequestException, Controller, Get, Inject, Query } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import type { GameSummary } from '@logbook/projections';
import { READ_MODELS, type ReadModels } from '@logbook/app-core';

const STATUSES = ['active', 'won', 'lost'] as const;
/** How long a list waits for the read model to catch up with what is already recorded. */
const CATCH_UP_MS = 2000;

@Controller('games')
export class GamesListController {
  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Games as the game-states read model knows them: public summaries only, no hidden information. */
  @Get()
  async list(
    @Query('status') status?: string,
    @Query('scenario') scenarioId?: string,
    @Query('limit') limit?: string,
  ): Promise<{ games: GameSummary[] }> {
    if (status !== undefined && !STATUSES.includes(status as (typeof STATUSES)[number])) {
      throw new BadRequestException(`status must be one of ${STATUSES.join(', ')}`);
    }
    const max = limit === undefined ? 100 : Number(limit);
    if (!Number.isInteger(max) || max < 1 || max > 1000) throw new BadRequestException('limit must be 1..1000');
    await this.caughtUp();
    return {
      games: this.readModels.gameStates.list({ status: status as GameSummary['status'] | undefined, scenarioId, limit: max }),
    };
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
    await Promise.race([
      runner.whenHandled(last),
      new Promise((resolve) => (timer = setTimeout(resolve, CATCH_UP_MS))),
    ]);
    clearTimeout(timer);
  }
}
