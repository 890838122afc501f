// The command path: load (fold) → seat → idempotency → decide → append with the expected
// revision → fold what was appended. Five steps, one file.
import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import {
  EVENT_STORE,
  gameStreamId,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@logbook/event-store';
import {
  decide,
  initialState,
  redactEvent,
  type GameCommand,
  type GameMode,
  type GameState,
  type Rng,
  type ScenarioDefinition,
} from '@logbook/rules';
import { CommandIdReusedError, GameNotFoundError, SeatTokenInvalidError, SeatTokenMissingError, StaleRevisionError } from './game.errors';
import { GameRepository, type LoadedGame } from './game-repository';
import { KeyedLock } from './keyed-lock';
import { RNG } from './rng.provider';
import { bearerToken, digestToken, newSeatToken, seatForToken } from './seat-tokens';
import { stableStringify } from './stable-json';
import { GAME_EVENT_SCHEMA_VERSION, toDomainEvent, toNewEvents } from '@logbook/projections';

export interface EventView {
  revision: number;
  type: string;
  data: unknown;
  secret?: unknown;
}

export interface CommandResult {
  revision: number;
  events: EventView[];
}

export interface CreatedGame {
  gameId: string;
  revision: number;
  seats: Array<{ seat: number; name: string; token: string }>;
}

/**
 * Identifies a command's content, so a reused commandId with other content is refused: the
 * first 128 bits of its SHA-256, base64url (22 characters; logs written before held all 256
 * bits in hex, which `sameFingerprint` still recognises).
 */
const fingerprintOf = (value: unknown): string => createHash('sha256').update(stableStringify(value)).digest().subarray(0, 16).toString('base64url');

/** Whether a recorded fingerprint, short or old full-length hex, is that of `value`. */
export const sameFingerprint = (recorded: string, value: unknown): boolean =>
  recorded.length === 64
    ? recorded === createHash('sha256').update(stableStringify(value)).digest('hex')
    : recorded === fingerprintOf(value);

/** Attempts when another writer got in first and the client did not pin a revision. */
const MAX_ATTEMPTS = 3;

@Injectable()
export class GameCommandsService {
  private readonly locks = new KeyedLock();

  constructor(
    private readonly games: GameRepository,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async createGame(input: { scenario: ScenarioDefinition; players: Array<{ name: string }>; mode: GameMode }, correlationId?: string): Promise<CreatedGame> {
    const gameId = randomUUID();
    const commandId = `create-${gameId}`;
    const events = decide(initialState(), { type: 'CreateGame', gameId, ...input }, { seat: null, rng: this.rng });
    const tokens = input.players.map(() => newSeatToken());
    const metadata = this.metadata(commandId, correlationId, null, fingerprintOf(input));
    const seatTokens = tokens.map((token, i) => ({ seat: i + 1, sha256: digestToken(token) }));
    const result = await this.store.append(gameStreamId(gameId), toNewEvents(gameId, commandId, events, metadata, { seatTokens }), 'no_stream');
    return {
      gameId,
      revision: result.nextExpectedRevision,
      seats: input.players.map((p, i) => ({ seat: i + 1, name: p.name, token: tokens[i] })),
    };
  }

  /** The seat an Authorization header stands for in a game; null for a spectator (no header). */
  async viewerSeat(game: LoadedGame, authorization: string | undefined): Promise<number | null> {
    const token = bearerToken(authorization);
    if (token === null) return null;
    if (token === 'malformed') throw new SeatTokenInvalidError();
    const seat = seatForToken(game.seatTokens, token);
    if (seat === undefined) throw new SeatTokenInvalidError();
    return seat;
  }

  async execute(
    gameId: string,
    authorization: string | undefined,
    commandId: string,
    command: Exclude<GameCommand, { type: 'CreateGame' }>,
    options: { ifMatch?: number; correlationId?: string } = {},
  ): Promise<CommandResult> {
    if (bearerToken(authorization) === null) {
      await this.games.load(gameId); // an unknown game is a 404 before it is a 401
      throw new SeatTokenMissingError();
    }
    return this.locks.run(gameId, async () => {
      for (let attempt = 1; ; attempt++) {
        // After a lost race, read what the other writer appended even if the store cannot tell.
        const game = await this.games.load(gameId, { catchUp: attempt > 1 });
        const seat = (await this.viewerSeat(game, authorization))!;
        const known = game.commands.get(commandId);
        if (known) {
          if (!sameFingerprint(known.fingerprint, { seat, command })) throw new CommandIdReusedError(commandId);
          return this.replayResult(game, known.firstRevision, known.lastRevision, seat);
        }
        if (options.ifMatch !== undefined && options.ifMatch !== game.revision) {
          throw new StaleRevisionError(options.ifMatch, game.revision);
        }

        const events = decide(game.state, command, { seat, rng: this.rng });
        const metadata = this.metadata(commandId, options.correlationId, seat, fingerprintOf({ seat, command }));
        const appended = toNewEvents(gameId, commandId, events, metadata);
        const expected = game.revision;
        let position: bigint;
        try {
          position = (await this.store.append(gameStreamId(gameId), appended, expected)).position;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          // Another writer got in first: the next load catches up from the store.
          if (options.ifMatch !== undefined) throw new StaleRevisionError(options.ifMatch, Number(error.actual));
          if (attempt >= MAX_ATTEMPTS) throw error;
          continue;
        }
        // What was appended is what is recorded: fold it without reading it back.
        const recorded: RecordedEvent[] = appended.map((event, i) => ({
          id: event.id,
          streamId: gameStreamId(gameId),
          revision: expected + 1 + i,
          position,
          type: event.type,
          data: event.data,
          metadata: event.metadata ?? {},
          schemaVersion: event.schemaVersion ?? GAME_EVENT_SCHEMA_VERSION,
        }));
        for (const event of recorded) this.games.fold(game, event);
        this.games.remember(game);
        return { revision: expected + recorded.length, events: recorded.map((e) => this.view(e, seat, game)) };
      }
    });
  }

  /** The events of the game as `viewer` may see them, from a revision on. */
  async eventsFor(gameId: string, authorization: string | undefined, fromRevision = 0, maxCount = 1000): Promise<CommandResult> {
    const game = await this.games.load(gameId);
    const seat = await this.viewerSeat(game, authorization);
    const recorded = await this.readRange(gameId, fromRevision, maxCount);
    return { revision: game.revision, events: recorded.map((e) => this.view(e, seat, game)) };
  }

  private async replayResult(game: LoadedGame, first: number, last: number, seat: number): Promise<CommandResult> {
    const recorded = await this.readRange(game.gameId, first, last - first + 1);
    return { revision: last, events: recorded.map((e) => this.view(e, seat, game)) };
  }

  private async readRange(gameId: string, fromRevision: number, maxCount: number): Promise<RecordedEvent[]> {
    const result = await this.store.readStream(gameStreamId(gameId), { fromRevision, maxCount });
    if (result.status === 'stream_not_found') throw new GameNotFoundError(gameId);
    return result.events;
  }

  private view(recorded: RecordedEvent, seat: number | null, game: LoadedGame): EventView {
    return this.viewEvent(recorded, seat, game.state.status);
  }

  /** A recorded event as `seat` may see it while the game has `status`. */
  viewEvent(recorded: RecordedEvent, seat: number | null, status: GameState['status']): EventView {
    const event = redactEvent(toDomainEvent(recorded), seat, status);
    return {
      revision: recorded.revision,
      type: event.type,
      data: event.data,
      ...(event.secret ? { secret: event.secret.data } : {}),
    };
  }

  /**
   * The command's metadata. The causation id is always the commandId and the correlation id is
   * the commandId unless the client sent X-Correlation-Id, so only a different one is written
   * (see `EventMetadata`): some 90 bytes less on every event.
   */
  private metadata(commandId: string, correlationId: string | undefined, seat: number | null, fingerprint: string): EventMetadata {
    return {
      commandId,
      ...(correlationId !== undefined && correlationId !== commandId ? { correlationId } : {}),
      seat,
      recordedAt: new Date().toISOString(),
      commandFingerprint: fingerprint,
    };
  }
}
