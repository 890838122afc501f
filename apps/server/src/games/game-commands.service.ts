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
  CLAIM_SEAT_COMMAND,
  commandFingerprint,
  recordedCreateGame,
  sameFingerprint,
  scenarioDigest,
  toNewEvents,
  type ActionRecord,
  type CommandResult,
  type RecordedCommand,
} from '@logbook/game-log';
import {
  decide,
  decideNote,
  decideSeatClaim,
  decideSeatControl,
  decideWithHistory,
  initialState,
  recordingRng,
  type GameMode,
  type HistoryDecision,
  type NoteAuthor,
  type Rng,
  type RulesVersion,
  type ScenarioDefinition,
  type SeatCommand,
  type SeatControl,
} from '@logbook/rules';
import { seatBotsOf, seatClaimsOf } from '../bots/seat-bots-of';
import { GameEventsService, viewEvent } from './game-events.service';
import { CommandIdReusedError, StaleRevisionError } from './game.errors';
import { GameRepository, notesOf, type LoadedGame } from './game-repository';
import { KeyedLock } from './keyed-lock';
import { RNG } from './rng.provider';
import { RulesCheck } from './rules-check';

/** Attempts when another writer got in first and the client did not pin a revision. */
const MAX_ATTEMPTS = 3;

let clock: { ms: number; iso: string } = { ms: Number.NaN, iso: '' };
/**
 * The time now, in milliseconds and as `new Date().toISOString()`, made once per millisecond (a
 * busy server records many actions in one); the decision takes the milliseconds as they are,
 * which `Date.parse` of the text would give back.
 */
function clockNow(): { ms: number; iso: string } {
  const ms = Date.now();
  if (ms !== clock.ms) clock = { ms, iso: new Date(ms).toISOString() };
  return clock;
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
  /** Who sent it: a seat, or null (a note by the operator or a spectator); events are shown as they may see them. */
  seat: number | null;
  commandId: string;
  /** The command as recorded (a seat's command, or a note's `{ type: 'AddNote', at, text }`). */
  command: { type: string };
  fingerprint: string;
  options: CommandOptions;
  /** Step 3 for this command, on the game as loaded. */
  /** `now`: when it is decided, in milliseconds since the epoch (the action's recordedAt). */
  decide(game: LoadedGame, rng: Rng, now: number): HistoryDecision;
}

/** What a note's author sends: the revision it speaks of and its text (already trimmed and checked). */
export interface NoteBody {
  at: number;
  text: string;
}

@Injectable()
export class GameCommandsService {
  private readonly locks = new KeyedLock();
  private readonly listeners: CommitListener[] = [];

  constructor(
    private readonly games: GameRepository,
    private readonly events: GameEventsService,
    @Inject(RNG) private readonly rng: Rng,
    private readonly rules: RulesCheck,
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
    input: { scenario: ScenarioDefinition; players: Array<{ name: string; bot?: string; playerId?: string }>; mode: GameMode },
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
      { rules: this.rules.today, scenario: scenarioDigest(input.scenario) },
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

  /** Runs `work` while no command of the game is being decided (its names change under erasure). */
  whileIdle<T>(gameId: string, work: () => Promise<T>): Promise<T> {
    return this.locks.run(gameId, work);
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
        // A frozen game takes no seat change either: a bot handed a seat would play it on.
        const checking = this.rules.ensurePlayable(game);
        if (checking) await checking;
        const events = decideSeatControl(game.state, seatBotsOf(game), change);
        const fingerprint = commandFingerprint({ seat: change.seat, command });
        const recordedAt = clockNow().iso;
        const metadata = this.metadata(commandId, undefined, change.seat, fingerprint, command, [], recordedAt);
        const recorded = await this.games.commit(
          game,
          { actionId: commandId, seat: change.seat, events, state: game.state, fingerprint, recordedAt },
          metadata,
        );
        this.committed(gameId);
        return { revision: game.revision, events: recorded.map((e) => viewEvent(e, change.seat, game.state.status)) };
      }),
    );
  }

  /** `seat` is authenticated at the edge (CommandSeatGuard); one command at a time per game. */
  execute(gameId: string, seat: number, commandId: string, command: SeatCommand, options: CommandOptions = {}): Promise<CommandResult> {
    const order: Order = {
      gameId,
      seat,
      commandId,
      command,
      fingerprint: commandFingerprint({ seat, command }),
      options,
      decide: (game, rng, now) => decideWithHistory(game.history, command, { seat, rng, now }),
    };
    return this.locks.run(gameId, async () => {
      const result = await retryOnConflict(MAX_ATTEMPTS, (attempt) => this.handle(order, attempt));
      if (this.listeners.length > 0) this.committed(gameId);
      return result;
    });
  }

  /**
   * A note on revision `at`, by `by` (who may write one is settled at the edge), through the same
   * path as a command: one at a time per game, idempotent by commandId, appended at the game's
   * revision. It is decided against the log, not the board, so it is open on a finished game too.
   */
  addNote(gameId: string, by: NoteAuthor, commandId: string, note: NoteBody, options: CommandOptions = {}): Promise<CommandResult> {
    const command = { type: 'AddNote', at: note.at, text: note.text };
    const order: Order = {
      gameId,
      seat: typeof by === 'number' ? by : null,
      commandId,
      command,
      fingerprint: commandFingerprint({ seat: by, command }),
      options,
      decide: (game) => ({
        events: decideNote(
          { noteId: commandId, at: note.at, text: note.text, by },
          { revision: game.revision, notes: notesOf(game), status: game.state.status },
        ),
        state: game.history.state,
      }),
    };
    return this.locks.run(gameId, () => retryOnConflict(MAX_ATTEMPTS, (attempt) => this.handle(order, attempt)));
  }

  /**
   * Links `seat` to a profile (its secret checked at the edge): through the same path as a
   * command, appended at the game's revision, refused on a frozen game like a handover. Its
   * commandId is the claim itself, so the same claim sent again answers what it did the first
   * time; the name is not in the recorded command (it is personal data: the event seals it).
   */
  claimSeat(gameId: string, seat: number, profile: { playerId: string; name: string }, options: CommandOptions = {}): Promise<CommandResult> {
    const command = { type: CLAIM_SEAT_COMMAND, playerId: profile.playerId };
    const order: Order = {
      gameId,
      seat,
      commandId: `claim-${seat}-${profile.playerId}`,
      command,
      fingerprint: commandFingerprint({ seat, command }),
      options,
      decide: (game) => ({
        events: decideSeatClaim(game.state, seatClaimsOf(game), { seat, playerId: profile.playerId, name: profile.name }),
        state: game.history.state,
      }),
    };
    return this.locks.run(gameId, async () => {
      const result = await retryOnConflict(MAX_ATTEMPTS, (attempt) => this.handle(order, attempt));
      if (this.listeners.length > 0) this.committed(gameId);
      return result;
    });
  }

  private async handle(order: Order, attempt: number): Promise<CommandResult> {
    // 1. Load. The first attempt may decide on the cached game unchecked, on any store (the seat
    // guard has just looked at it): the append's expected revision refuses a stale one, and an
    // outcome that a stale game could explain is decided again on the store's. On a store others
    // write (PostgreSQL, EventStoreDB) an order on a game this server holds current costs its
    // append alone, no read first.
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

    // A game whose log today's rules decide differently (rules deployed since) takes no command.
    const checking = this.rules.ensurePlayable(game);
    if (checking) await checking;

    // 3. Decide: Undo and Redo against the history, every other command on its effective state.
    const { rng, draws } = recordingRng(this.rng);
    // The time is decided with the command and recorded with it (takeback expiry reads it).
    const now = clockNow();
    const recordedAt = now.iso;
    let decided: HistoryDecision;
    try {
      decided = order.decide(game, rng, now.ms);
    } catch (error) {
      // A refusal stands only if it was decided on the whole log.
      if (attempt === 1 && this.games.mayBeBehind(game)) throw new UncheckedCacheError();
      throw error;
    }

    // 4. Commit: append at the game's revision, fold what was decided, remember the game.
    // The first action decided after the rules changed (and found to decide the log the same) records the version it was decided under.
    const version = this.rules.recordsVersion(game) ? { rules: this.rules.today } : undefined;
    const metadata = this.metadata(
      order.commandId,
      order.options.correlationId,
      order.seat,
      order.fingerprint,
      order.command,
      draws,
      recordedAt,
      undefined,
      version,
      order.options.bot,
    );
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
    rulesVersion?: RulesVersion,
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
    if (rulesVersion) record.rulesVersion = rulesVersion;
    return actionMetadata(record);
  }
}
