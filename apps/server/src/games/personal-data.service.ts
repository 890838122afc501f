// Erasure: a subject's key is deleted (the log keeps its sealed names, unreadable from then on),
// then everything that holds the names opened before (loaded games, serialized views, feed
// frames, seek indexes, read-model rows, analytics summaries) is refreshed from the log, which
// now opens them as "erased player".
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { READ_MODELS, type ReadModels } from '@logbook/app-core';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { PersonalDataEventStore, seatNamesNow } from '@logbook/game-log';
import { RuleViolation } from '@logbook/rules';
import { AnalyticsService } from '../analytics/analytics.service';
import { SeekIndexService } from '../history/seek-index.service';
import { GameCommandsService } from './game-commands.service';
import { GameEventsService } from './game-events.service';
import { GameNotFoundError } from './game.errors';
import { GameRepository } from './game-repository';
import { LiveFeedService } from './live-feed.service';

@Injectable()
export class PersonalDataService implements OnModuleInit {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly games: GameRepository,
    private readonly commands: GameCommandsService,
    private readonly events: GameEventsService,
    private readonly live: LiveFeedService,
    private readonly seek: SeekIndexService,
    private readonly modules: ModuleRef,
  ) {}

  private readonly logger = new Logger(PersonalDataService.name);

  /** Servers sharing one PostgreSQL hear each other's erasures and drop what they had opened. */
  onModuleInit(): void {
    if (!(this.store instanceof PersonalDataEventStore)) return;
    const vault = this.store.vault;
    vault.onForgetElsewhere((subject) => {
      Promise.resolve(vault.gamesOf(subject))
        .then(async (games) => {
          for (const gameId of games) await this.refresh(gameId);
          this.modules.get(AnalyticsService, { strict: false }).forgetCached();
        })
        .catch((error: unknown) =>
          this.logger.warn(`an erasure made elsewhere could not be applied here: ${error instanceof Error ? error.message : String(error)}`),
        );
    });
  }

  private get sealing(): PersonalDataEventStore {
    if (!(this.store instanceof PersonalDataEventStore)) throw new Error('The event store was opened without its personal-data keys (openEventStore)');
    return this.store;
  }

  /**
   * Forgets `subject` (`player:<id>`, `seat:<gameId>:<seat>`) everywhere: answers the games whose
   * logs held its data. Erasing a subject twice, or one never seen, changes nothing more.
   */
  async erase(subject: string): Promise<{ games: string[] }> {
    const vault = this.sealing.vault;
    await vault.forget(subject);
    const games = await vault.gamesOf(subject);
    for (const gameId of games) await this.refresh(gameId);
    // Summaries and charts are of many games at once: dropped whole, rebuilt from the rows on the next ask.
    this.modules.get(AnalyticsService, { strict: false }).forgetCached();
    return { games };
  }

  /** Erases the name typed at `seat` of `gameId` (a seat taken without a profile). */
  async eraseSeatName(gameId: string, seat: number): Promise<void> {
    const subjects = await this.sealing.seatSubjects(gameId);
    if (!subjects) throw new GameNotFoundError(gameId);
    const subject = subjects.get(seat);
    if (subject === undefined) throw new SeatNotFoundError(gameId, seat);
    if (subject === null) {
      throw new RuleViolation('erasure.clear-name', `Seat ${seat}'s name was recorded before names were sealed: it cannot be erased from the log`);
    }
    if (subject.startsWith('player:')) {
      throw new RuleViolation('erasure.profile-name', `Seat ${seat} was taken with a profile: its name is erased with the profile (DELETE /players/:playerId)`);
    }
    await this.erase(subject);
  }

  private async refresh(gameId: string): Promise<void> {
    await this.commands.whileIdle(gameId, async () => {
      this.games.forget(gameId);
      this.events.forgetGame(gameId);
      this.live.forgetGame(gameId);
      await this.seek.forget(gameId);
    });
    const names = await seatNamesNow(this.store, gameId);
    if (!names) return;
    await this.modules.get<ReadModels>(READ_MODELS, { strict: false }).refreshNames(gameId, names);
  }
}

/** A seat number the game does not have. */
export class SeatNotFoundError extends GameNotFoundError {
  constructor(gameId: string, seat: number) {
    super(gameId);
    this.message = `Game ${gameId} has no seat ${seat}`;
  }
}
