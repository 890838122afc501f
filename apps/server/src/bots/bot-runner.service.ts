// Plays the turns of seats that bots play. After a commit to a game (or a look at it), the game
// is woken once, off the request path (setImmediate): if the game waits for a seat a bot plays,
// the bot chooses from the seat's stand-in (what that seat may see, nothing hidden) and sends its
// command through the same command path as a player (GameCommandsService.execute: the same rules,
// log and idempotency, the bot's name in the action's metadata). One command per wake: the
// commit wakes the game again, so a game of bots moves one action per turn of the event loop and
// never holds it; refusals are tried again at most MAX_REFUSALS times per wake. One game's wakes
// run one after another; a stop waits for the wakes running and starts no more.
import { randomInt, randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LRUCache } from 'lru-cache';
import { isBotName, legalFor, makeBot, seatStandIn, type AppConfig, type Bot, type BotName, type PlayCommand } from '@logbook/app-core';
import { RuleViolation, seededRng, takebackWaitingFor, waitingFor, type GameState, type Rng, type SeatBots } from '@logbook/rules';
import { GameCommandsService } from '../games/game-commands.service';
import { GameRepository, type LoadedGame } from '../games/game-repository';
import { seatBotsOf } from './seat-bots-of';

/** Choices one wake may have refused before it leaves the game until its next commit. */
const MAX_REFUSALS = 25;
/** Games whose bots are remembered (a bot's memory: what the rules refused it); least recently used forgotten. */
const REMEMBERED_GAMES = 1000;

/** The seat the game waits for now, if it waits for one seat: the turn's, a plunder choice's, a damage window's resolver. */
export function seatToAct(state: GameState): number | null {
  const waiting = waitingFor(state);
  switch (waiting.kind) {
    case 'turn':
    case 'plunder-choice':
      return waiting.seat;
    case 'structural-damage':
      return waiting.resolvedBy;
    case 'nothing':
      return null;
    default: {
      const never: never = waiting;
      throw new Error(`unknown wait ${JSON.stringify(never)}`);
    }
  }
}

@Injectable()
export class BotRunner implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('BotRunner');
  private readonly enabled: boolean;
  /** Games with a wake scheduled or running; `again`: woken while running, so wake once more after. */
  private readonly awake = new Map<string, { again: boolean }>();
  private readonly running = new Set<Promise<void>>();
  private readonly bots = new LRUCache<string, Map<number, { name: BotName; bot: Bot }>>({ max: REMEMBERED_GAMES });
  /** The bots' own source of choices (a random bot's), apart from the dice the rules draw. */
  private readonly choices: Rng = seededRng(randomInt(2 ** 31));
  private stopped = false;

  constructor(
    private readonly commands: GameCommandsService,
    private readonly games: GameRepository,
    config: ConfigService,
  ) {
    this.enabled = config.get<AppConfig['bots']>('bots') ?? true;
  }

  onModuleInit(): void {
    if (this.enabled) this.commands.onCommitted((gameId) => this.wake(gameId));
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.running]);
  }

  /**
   * Wakes the game's bots soon (once, however often it is called meanwhile). A wake follows this
   * process's commit to the game, or a look at a game bots play (its load just caught it up), so
   * a cached game is current then (a commit's append was taken at its revision, on any store), and
   * one whose seats no bot plays is not woken at all: no turn of the event loop, no load, no store
   * query per command (on PostgreSQL a round trip). A handover to a bot is itself a commit, which
   * wakes the game with the bot in view wherever it was made; a game not cached (new, forked,
   * imported) is woken and loaded.
   */
  wake(gameId: string): void {
    if (!this.enabled || this.stopped) return;
    const cached = this.games.peek(gameId);
    if (cached !== undefined && seatBotsOf(cached).size === 0) return;
    const awake = this.awake.get(gameId);
    if (awake) {
      awake.again = true;
      return;
    }
    const state = { again: false };
    this.awake.set(gameId, state);
    setImmediate(() => {
      const run = this.step(gameId).finally(() => {
        this.running.delete(run);
        this.awake.delete(gameId);
        if (state.again) this.wake(gameId);
      });
      this.running.add(run);
    });
  }

  /** Whether the game's bots have nothing scheduled or running (tests wait for it). */
  idle(gameId: string): boolean {
    return !this.awake.has(gameId);
  }

  /**
   * [D] `bot.takeback-consent`: a seat a bot plays accepts a takeback its players ask for (the
   * request is the people's to settle; a bot that declined would end every one). True when it answered.
   */
  private async answerTakeback(gameId: string, game: LoadedGame, bots: SeatBots): Promise<boolean> {
    // The latest request alone: the board view's list of what a new request could reach is not needed here.
    const request = game.history.takeback;
    if (!request || request.outcome !== 'open' || request.expiresAt <= Date.now()) return false;
    const seat = takebackWaitingFor(game.state, request).find((s) => bots.has(s));
    if (seat === undefined) return false;
    const answer = { type: 'AnswerTakeback', requestId: request.requestId, accept: true } as unknown as PlayCommand;
    try {
      await this.commands.execute(gameId, seat, `bot-${randomUUID()}`, answer, { ifMatch: game.revision, bot: bots.get(seat) });
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      return false;
    }
    return true;
  }

  /** At most one command of a bot: the one the game waits for, if a bot plays that seat. */
  private async step(gameId: string): Promise<void> {
    if (this.stopped) return;
    try {
      const game = await this.games.load(gameId);
      // Most games have no bot: nothing to answer or play, whatever the game waits for.
      const bots = seatBotsOf(game);
      if (bots.size === 0) return;
      if (await this.answerTakeback(gameId, game, bots)) return;
      const seat = seatToAct(game.state);
      if (seat === null) return;
      const name = bots.get(seat);
      if (name === undefined || !isBotName(name)) return;
      const bot = this.botFor(gameId, seat, name);
      // The bot sees what its seat may see: the stand-in, never the hidden stack, hands or plunder.
      const stand = seatStandIn(game.state, seat);
      const refused = new Set<string>();
      let listed: PlayCommand[] | undefined;
      const legal = (): PlayCommand[] => (listed ??= legalFor(stand, seat)).filter((c) => !refused.has(JSON.stringify(c)));
      const turn = {
        state: stand,
        seat,
        rng: this.choices,
        played: game.revision,
        get legal() {
          return legal();
        },
      };
      for (let attempt = 0; attempt < MAX_REFUSALS && !this.stopped; attempt++) {
        const command = bot.choose(turn);
        try {
          await this.commands.execute(gameId, seat, `bot-${randomUUID()}`, command, { ifMatch: game.revision, bot: name });
          return;
        } catch (error) {
          if (!(error instanceof RuleViolation)) throw error;
          bot.refused?.(command, turn);
          refused.add(JSON.stringify(command));
          if (legal().length === 0) break;
        }
      }
      this.logger.warn(`game ${gameId}: the ${name} bot of seat ${seat} found nothing the rules accept; it waits for the next change`);
    } catch (error) {
      // Another writer got in first (its commit wakes the game again), the game is gone, or the
      // store is closing: nothing to do now.
      if (!this.stopped) this.logger.debug(`game ${gameId}: bot step not taken (${(error as Error).message})`);
    }
  }

  private botFor(gameId: string, seat: number, name: BotName): Bot {
    let seats = this.bots.get(gameId);
    if (!seats) this.bots.set(gameId, (seats = new Map()));
    let player = seats.get(seat);
    if (!player || player.name !== name) seats.set(seat, (player = { name, bot: makeBot(name) }));
    return player.bot;
  }
}
