// Operators rebuild a read model without downtime: POST starts building its next generation beside
// the live one (which keeps answering), GET shows how far each read model's rebuild got.
import { Body, Controller, Get, Headers, HttpCode, Inject, Logger, NotFoundException, Param, Post } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { READ_MODEL_NAMES, READ_MODELS, type AppConfig, type ReadModelName, type ReadModels } from '@logbook/app-core';
import { RebuildInProgressError, type OnlineRebuildStatus } from '@logbook/projections';
import { JsonBody, RateBudget } from '../http/edge-route';
import { SMALL_BODY_BYTES } from '../http/json-body';
import { OperatorRequiredError } from '../games/game.errors';
import { isOperator } from '../games/operator-token';

export interface ReadModelGeneration {
  /** The generation serving reads now. */
  generation: number | null;
  status: string;
  position: string | null;
  /** The online rebuild under way, or the last one since the server started. */
  rebuild: OnlineRebuildStatus | null;
}

/** The rebuild takes no options yet: `{}` (a field it does not know is refused, 400). */
export class RebuildReadModelDto {}

@Controller('admin/read-models')
export class ReadModelsAdminController {
  private readonly logger = new Logger(ReadModelsAdminController.name);
  private readonly adminToken: string | undefined;

  constructor(
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    config: ConfigService,
  ) {
    this.adminToken = config.get<AppConfig['adminToken']>('adminToken');
  }

  @Get()
  @RateBudget('reads')
  list(@Headers('authorization') authorization: string | undefined): { readModels: Record<ReadModelName, ReadModelGeneration> } {
    this.requireOperator(authorization, 'The read models’ generations');
    const entries = READ_MODEL_NAMES.map((name) => [name, this.describe(name)] as const);
    return { readModels: Object.fromEntries(entries) as Record<ReadModelName, ReadModelGeneration> };
  }

  /**
   * 202: the rebuild runs on (on PostgreSQL, on the server that runs the read model: one that does
   * not records the request for it); GET /admin/read-models (or /health) shows its progress and the switch.
   */
  @Post(':name/rebuild')
  @HttpCode(202)
  @RateBudget('creates')
  @JsonBody(SMALL_BODY_BYTES)
  async rebuild(
    @Param('name') name: string,
    @Headers('authorization') authorization: string | undefined,
    @Body() _options: RebuildReadModelDto,
  ): Promise<{ started: OnlineRebuildStatus }> {
    this.requireOperator(authorization, 'Rebuilding a read model');
    if (!isReadModelName(name)) throw new NotFoundException(`No read model ${name}: ${READ_MODEL_NAMES.join(', ')}`);
    // Throws at once (409 one under way); a later failure shows in the status.
    const { started, done, accepted } = this.readModels.rebuildOnline(name);
    done.then(
      (status) => this.logger.log(`read model ${name}: generation ${status.generation} serves`),
      (error: unknown) => {
        // Another server's request came first: the 409 below says so.
        if (!(error instanceof RebuildInProgressError))
          this.logger.warn(`read model ${name}: online rebuild failed, the live generation serves on: ${String(error)}`);
      },
    );
    return { started: accepted ? await accepted : started };
  }

  private describe(name: ReadModelName): ReadModelGeneration {
    const runner = this.readModels.runners[name];
    return {
      generation: this.readModels.generation(name) ?? null,
      status: runner.status,
      position: runner.position?.toString() ?? null,
      rebuild: this.readModels.rebuildStatus(name) ?? null,
    };
  }

  private requireOperator(authorization: string | undefined, what: string): void {
    if (!isOperator(authorization, this.adminToken)) throw new OperatorRequiredError(what, authorization !== undefined);
  }
}

const isReadModelName = (name: string): name is ReadModelName => (READ_MODEL_NAMES as readonly string[]).includes(name);
