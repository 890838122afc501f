// The command path (write side): load (fold) → idempotency → decide → append with the expected
// revision → fold what was appended. Seats are authenticated before (SeatGuard); events are read
// and redacted by GameEventsService.
import { Inject, Injectable } from '@nestjs/common';
import type { CreatedGame } from '@logbook/app-core';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@logbook/event-store';
import { actionMetadata, commandFingerprint, gameStreamId, recordedCreateGame, recordedGameEvents, sameFingerprint, toNewEvents, type ActionRecord, type CommandResult, type RecordedCommand } from '@logbook/game-log';
import { decide, decideWithHistory, initialState, recordingRng, type GameMode, type Rng, type ScenarioDefinition, type SeatCommand } from '@logbook/rules';
import { GameEventsService, viewEvent } from './game-events.service';
import { CommandIdReusedError, StaleRevisionError } from './game.errors';
import { GameRepository } from './game-repository';
import { KeyedLock } from './keyed-lock';
import { RNG } from './rng.provider';
import { digestToken, newSeatToken } from './seat-tokens';

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

@Injectable()
export class GameCommandsService {
  private readonly locks = new KeyedLock();

  constructor(
    private readonly games: GameRepository,
    private readonly events: GameEventsService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(RNG) private readonly rng: Rng,
  ) {}

  async createGame(input: { scenario: ScenarioDefinition; players: Array<{ name: string }>; mode: GameMode }, correlationId?: string): Promise<CreatedGame> {
    const gameId = randomUUID();
    const commandId = `create-${gameId}`;
    const command = { type: 'CreateGame' as const, gameId, ...input };
    const { rng, draws } = recordingRng(this.rng);
    const events = decide(initialState(), command, { seat: null, rng });
    const tokens = input.players.map(() => newSeatToken());
    // The scenario document holds the stack order and the box: recorded apart, as a secret.
    const recorded = recordedCreateGame(command);
    const { first, rest } = this.metadata(commandId, correlationId, null, commandFingerprint(input), recorded.command, draws, new Date().toISOString(), recorded.commandSecret);
    const seatTokens = tokens.map((token, i) => ({ seat: i + 1, sha256: digestToken(token) }));
    const result = await this.store.append(gameStreamId(gameId), toNewEvents(gameId, commandId, events, rest, { ...first, seatTokens }), 'no_stream');
    return {
      gameId,
      revision: result.nextExpectedRevision,
      seats: input.players.map((p, i) => ({ seat: i + 1, name: p.name, token: tokens[i] })),
    };
  }

  /** Load → decide → append → fold. `seat` is authenticated at the edge (SeatGuard). */
  async execute(
    gameId: string,
    seat: number,
    commandId: string,
    command: SeatCommand,
    options: { ifMatch?: number; correlationId?: string } = {},
  ): Promise<CommandResult> {
    const fingerprint = commandFingerprint({ seat, command });
    return this.locks.run(gameId, async () => {
      for (let attempt = 1; ; attempt++) {
        // The first attempt may decide on the cached game unchecked (the seat guard has just
        // loaded it): the append's expected revision refuses a stale one, and after a lost race
        // the next attempt reads what the other writer appended.
        const game = (attempt === 1 ? this.games.trusted(gameId) : undefined) ?? (await this.games.load(gameId, attempt === 1 ? { trustCache: true } : { catchUp: true }));
        const known = game.commands.get(commandId);
        if (known) {
          if (known.fingerprint !== fingerprint && !sameFingerprint(known.fingerprint, { seat, command })) {
            throw new CommandIdReusedError(commandId);
          }
          return this.events.replay(game, known.firstRevision, known.lastRevision, seat);
        }
        if (options.ifMatch !== undefined && options.ifMatch !== game.revision) {
          if (attempt === 1) continue; // the unchecked cache may be behind: compare with the store's
          throw new StaleRevisionError(options.ifMatch, game.revision);
        }

        // Undo and Redo are decided against the history; every other command on its effective state.
        const { rng, draws } = recordingRng(this.rng);
        let decided: ReturnType<typeof decideWithHistory>;
        try {
          decided = decideWithHistory(game.history, command, { seat, rng });
        } catch (error) {
          // A refusal stands only if it was decided on the whole log.
          if (attempt === 1 && this.store.writesElsewhere && !this.games.isCurrent(game)) continue;
          throw error;
        }
        const recordedAt = isoNow();
        const { first, rest } = this.metadata(commandId, options.correlationId, seat, fingerprint, command, draws, recordedAt);
        const appended = toNewEvents(gameId, commandId, decided.events, rest, first);
        let recorded: RecordedEvent[];
        try {
          recorded = recordedGameEvents(gameId, appended, await this.store.append(gameStreamId(gameId), appended, game.revision));
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          // Another writer got in first: the next load catches up from the store.
          if (options.ifMatch !== undefined) throw new StaleRevisionError(options.ifMatch, Number(error.actual));
          if (attempt >= MAX_ATTEMPTS) throw error;
          continue;
        }
        // What was appended is what is recorded: keep the decided state, without folding again.
        this.games.fold(game, recorded, { actionId: commandId, seat, events: decided.events, state: decided.state, fingerprint, recordedAt });
        this.games.remember(game);
        return { revision: game.revision, events: recorded.map((e) => viewEvent(e, seat, game.state.status)) };
      }
    });
  }

  /** The action's record: all of it on its first event, only the commandId on the others. Draws are secret. */
  private metadata(commandId: string, correlationId: string | undefined, seat: number | null, fingerprint: string, command: { type: string }, draws: number[], recordedAt: string, commandSecret?: Record<string, unknown>) {
    const record: ActionRecord = {
      commandId,
      correlationId,
      seat,
      recordedAt,
      command: command as unknown as RecordedCommand,
      commandFingerprint: fingerprint,
      draws,
    };
    if (commandSecret) record.commandSecret = commandSecret;
    return actionMetadata(record);
  }
}
