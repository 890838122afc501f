// The command path (write side), Emmett's handleCommand in shape: load → (a command seen before
// is answered again) → decide → commit (append with the expected revision, fold, remember), the
// whole attempt retried when another writer got in first. Seats are authenticated before
// (CommandSeatGuard, which hands over the game it read); events are read and redacted by
// GameEventsService.
import { Inject, Injectable } from '@nestjs/common';
import type { CreatedGame } from '@logbook/app-core';
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError, type RecordedEvent } from '@logbook/event-store';
import {
  actionMetadata,
  commandFingerprint,
  recordedCreateGame,
  sameFingerprint,
  toNewEvents,
  type ActionRecord,
  type CommandResult,
  type RecordedCommand,
} from '@logbook/game-log';
import {
  decide,
  decideSeatControl,
  decideWithHistory,
  initialState,
  recordingRng,
  type GameMode,
  type Rng,
  type ScenarioDefinition,
  type SeatCommand,
  type SeatControl,
} from '@logbook/rules';
import { seatBotsOf } from '../bots/seat-bots-of';
import { GameEventsService, viewEvent } from './game-events.service';
import { CommandIdReusedError, StaleRevisionError } from './game.errors';
import { GameRepository, type LoadedGame } from './game-repository';
import { KeyedLock } from './keyed-lock';
import { RNG } from './rng.provider';

/** Attempts when another writer got in first and the client did not pin a revision. */
const MAX_ATTEMPTS = 3;

let isoMs = Number.NaN;
let iso = '';
/** `new Date().toISOString()`, made once per millisecond (a busy server records many actions in one). */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    iso = new Date(ms).toISOString();
  }
  return iso;
}

/**
 * The first attempt decided on the cached game unchecked, and its outcome (an If-Match that does
 * not match, a refusal) would depend on that game being current: the next attempt reads the store.
 */
class UncheckedCacheError extends Error {
  override readonly name = 'UncheckedCacheError';
}

/** Runs an attempt again after a lost append race or an outcome decided on an unchecked cache, up to `attempts` in all. */
async function retryOnConflict<T>(attempts: number, attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= attempts || !(error instanceof WrongExpectedRevisionError || error instanceof UncheckedCacheError)) throw error;
    }
  }
}

export interface CommandOptions {
  /** The client's If-Match: the revision the command was decided for (a 409 for any other). */
  ifMatch?: number;
  correlationId?: string;
  /** The game the seat guard read for this request, taken on the first attempt while the cache still holds it. */
  loaded?: LoadedGame;
  /** The bot that chose the command (its name goes into the action's metadata). */
  bot?: string;
}

/** Told of every game that has just taken new events here (the bots' runner listens). */
export type CommitListener = (gameId: string) => void;

/** One command, as each attempt handles it. */
interface Order {
  gameId: string;
  seat: number;
  commandId: string;
  command: SeatCommand;
  fingerprint: string;
  options: CommandOptions;
}

@Injectable()
export class GameCommandsService {
  private readonly locks = new KeyedLock();
  private readonly listeners: CommitListener[] = [];

  constructor(
    private readonly games: GameRepository,
    private readonly events: GameEventsService,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  /** `listener` is called after each commit, off the answer's path (it must not throw). */
  onCommitted(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  /** Tells the listeners that `gameId` took new events (a commit here, a fork or import started). */
  committed(gameId: string): void {
    for (const listener of this.listeners) listener(gameId);
  }

  async createGame(
    input: { scenario: ScenarioDefinition; players: Array<{ name: string; bot?: string }>; mode: GameMode },
    correlationId?: string,
  ): Promise<CreatedGame> {
    const gameId = randomUUID();
    const commandId = `create-${gameId}`;
    const command = { type: 'CreateGame' as const, gameId, ...input };
    const { rng, draws } = recordingRng(this.rng);
    const events = decide(initialState(), command, { seat: null, rng });
    // The scenario document holds the stack order and the box: recorded apart, as a secret.
    const recorded = recordedCreateGame(command);
    const { first, rest } = this.metadata(
      commandId,
      correlationId,
      null,
      commandFingerprint(input),
      recorded.command,
      draws,
      new Date().toISOString(),
      recorded.commandSecret,
    );
    const seats = input.players.map((_, i) => i + 1);
    const started = await this.games.start(gameId, { newTokensFor: seats }, (seatTokens) =>
      toNewEvents(gameId, commandId, events, rest, { ...first, seatTokens }),
    );
    if (input.players.some((p) => p.bot !== undefined)) this.committed(gameId);
    return {
      gameId,
      revision: started.revision,
      seats: input.players.map((p, i) => ({ seat: i + 1, name: p.name, token: started.tokens[i] })),
    };
  }

  /**
   * Hands a seat to a bot or gives it back to its player: recorded as an action of that seat
   * (no undo takes it back), under the game's lock like every command.
   */
  controlSeat(gameId: string, change: SeatControl): Promise<CommandResult> {
    const commandId = `seat-${randomUUID()}`;
    const command = change.bot === null ? { type: 'TakeSeatBack' } : { type: 'HandSeatToBot', bot: change.bot, by: change.by };
    return this.locks.run(gameId, () =>
      retryOnConflict(MAX_ATTEMPTS, async (attempt) => {
        const game = await this.games.load(gameId, attempt === 1 ? {} : { catchUp: true });
        const events = decideSeatControl(game.state, seatBotsOf(game), change);
        const fingerprint = commandFingerprint({ seat: change.seat, command });
        const recordedAt = isoNow();
        const metadata = this.metadata(commandId, undefined, change.seat, fingerprint, command, [], recordedAt);
        const recorded = await this.games.commit(game, { actionId: commandId, seat: change.seat, events, state: game.state, fingerprint, recordedAt }, metadata);
        this.committed(gameId);
        return { revision: game.revision, events: recorded.map((e) => viewEvent(e, change.seat, game.state.status)) };
      }),
    );
  }

  /** `seat` is authenticated at the edge (CommandSeatGuard); one command at a time per game. */
  execute(gameId: string, seat: number, commandId: string, command: SeatCommand, options: CommandOptions = {}): Promise<CommandResult> {
    const order: Order = { gameId, seat, commandId, command, fingerprint: commandFingerprint({ seat, command }), options };
    return this.locks.run(gameId, async () => {
      const result = await retryOnConflict(MAX_ATTEMPTS, (attempt) => this.handle(order, attempt));
      if (this.listeners.length > 0) this.committed(gameId);
      return result;
    });
  }

  private async handle(order: Order, attempt: number): Promise<CommandResult> {
    // 1. Load. The first attempt may decide on the cached game unchecked (the seat guard has just
    // read it): the append's expected revision refuses a stale one, and an outcome that a stale
    // game could explain is decided again on the store's.
    const game =
      (attempt === 1 ? this.trusted(order) : undefined) ?? (await this.games.load(order.gameId, attempt === 1 ? { trustCache: true } : { catchUp: true }));

    // 2. Idempotency: a commandId seen before answers what it did, if it is the same command.
    const known = game.commands.get(order.commandId);
    if (known) {
      if (known.fingerprint !== order.fingerprint && !sameFingerprint(known.fingerprint, { seat: order.seat, command: order.command })) {
        throw new CommandIdReusedError(order.commandId);
      }
      return this.events.replay(game, known.firstRevision, known.lastRevision, order.seat);
    }
    const { ifMatch } = order.options;
    if (ifMatch !== undefined && ifMatch !== game.revision) {
      throw attempt === 1 ? new UncheckedCacheError() : new StaleRevisionError(ifMatch, game.revision);
    }

    // 3. Decide: Undo and Redo against the history, every other command on its effective state.
    const { rng, draws } = recordingRng(this.rng);
    let decided: ReturnType<typeof decideWithHistory>;
    try {
      decided = decideWithHistory(game.history, order.command, { seat: order.seat, rng });
    } catch (error) {
      // A refusal stands only if it was decided on the whole log.
      if (attempt === 1 && this.games.mayBeBehind(game)) throw new UncheckedCacheError();
      throw error;
    }

    // 4. Commit: append at the game's revision, fold what was decided, remember the game.
    const recordedAt = isoNow();
    const metadata = this.metadata(order.commandId, order.options.correlationId, order.seat, order.fingerprint, order.command, draws, recordedAt, undefined, order.options.bot);
    let recorded: RecordedEvent[];
    try {
      recorded = await this.games.commit(
        game,
        { actionId: order.commandId, seat: order.seat, events: decided.events, state: decided.state, fingerprint: order.fingerprint, recordedAt },
        metadata,
      );
    } catch (error) {
      // A pinned revision is not tried again: the client decided for the one it saw.
      if (error instanceof WrongExpectedRevisionError && ifMatch !== undefined) throw new StaleRevisionError(ifMatch, Number(error.actual));
      throw error;
    }
    return { revision: game.revision, events: recorded.map((e) => viewEvent(e, order.seat, game.state.status)) };
  }

  /** The cached game the first attempt may take without a promise: the guard's, while the cache still holds it. */
  private trusted(order: Order): LoadedGame | undefined {
    const loaded = order.options.loaded;
    return loaded !== undefined && this.games.holds(loaded) ? loaded : this.games.trusted(order.gameId);
  }

  /** The action's record: all of it on its first event, only the commandId on the others. Draws are secret. */
  private metadata(
    commandId: string,
    correlationId: string | undefined,
    seat: number | null,
    fingerprint: string,
    command: { type: string },
    draws: number[],
    recordedAt: string,
    commandSecret?: Record<string, unknown>,
    bot?: string,
  ) {
    const record: ActionRecord = {
      commandId,
      correlationId,
      seat,
      recordedAt,
      command: command as unknown as RecordedCommand,
      commandFingerprint: fingerprint,
      draws,
    };
    if (bot !== undefined) record.bot = bot;
    if (commandSecret) record.commandSecret = commandSecret;
    return actionMetadata(record);
  }
}
