// Whether a game may be played under the rules this server runs. A game records the rules version
// its log was decided under; when that is today's, it is played at no cost (one comparison per
// command). Otherwise, the first time this process meets the game (games load on demand, never all
// at start-up), its log is decided again under today's rules, in slices that let the event loop
// serve others, and the verdict is kept with the game: the same, and the game carries on (its next
// action records today's version, so no later load checks it again); different, and the game is
// frozen (readable, replayable, forkable, but every command refused) until an operator migrates it.
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@logbook/event-store';
import { builtInScenario } from '@logbook/content';
import { gameStreamId, redecideYielding, scenarioDigest } from '@logbook/game-log';
import { isGameOver, rulesVersion, type RulesVersion } from '@logbook/rules';
import { GameFrozenError } from './game.errors';
import type { LoadedGame } from './game-repository';
import type { FrozenAt, RulesVerdict } from './rules-verdict';

/** The rules version a game's `GET /games/{gameId}` shows, and whether it is frozen. */
export interface GameRules {
  /**
   * The rules version and scenario digest the game was created under (null: recorded before
   * versions were kept); the digest of an inline scenario only once the game is over.
   */
  createdUnder: RulesVersion | null;
  /** The rules version its log was last decided under (created, carried on after a deploy, or migrated to). */
  decidedUnder: string | null;
  /** The rules version this server runs. */
  server: string;
  /** Where today's rules decide its log differently: it takes no commands until migrated (`game.frozen-rules-changed`). */
  frozen: FrozenAt | null;
}

@Injectable()
export class RulesCheck {
  /** Fixed when the server starts: the rules it decides with. */
  readonly today = rulesVersion();
  /** Checks under way, so that requests arriving together decide the log again once. */
  private readonly running = new Map<LoadedGame, Promise<RulesVerdict>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /**
   * Throws GameFrozenError when today's rules decide the game's log differently. No promise when
   * the game's version is today's or its verdict is known: the command path's usual case.
   */
  ensurePlayable(game: LoadedGame): Promise<void> | undefined {
    const verdict = this.known(game);
    if (verdict === null) return undefined;
    if (verdict !== undefined) {
      refuseFrozen(verdict);
      return undefined;
    }
    return this.verdict(game).then(refuseFrozen);
  }

  /** Whether a command decided now should record today's version: the game's log was decided under another. */
  recordsVersion(game: LoadedGame): boolean {
    return game.rulesVersion !== this.today;
  }

  /** What `GET /games/{gameId}` shows of the game's rules. */
  async status(game: LoadedGame): Promise<GameRules> {
    const known = this.known(game);
    const verdict = known === undefined ? await this.verdict(game) : known;
    return { createdUnder: this.shownCreatedUnder(game), decidedUnder: game.rulesVersion, server: this.today, frozen: verdict?.divergedAt ?? null };
  }

  /**
   * The scenario digest is an unsalted hash of the whole document, stack order and box included:
   * shown when the document is one anyone can read (a built-in scenario as shipped) or once the
   * game is over, never while an inline document's hidden parts still matter (guesses could be tested).
   */
  private shownCreatedUnder(game: LoadedGame): RulesVersion | null {
    const recorded = game.createdUnder;
    if (!recorded || recorded.scenario === undefined || isGameOver(game.state.status)) return recorded;
    return recorded.scenario === this.builtInDigest(game.state.scenarioId) ? recorded : { rules: recorded.rules };
  }

  private readonly builtInDigests = new Map<string, string | undefined>();
  private builtInDigest(scenarioId: string): string | undefined {
    if (!this.builtInDigests.has(scenarioId)) {
      const scenario = builtInScenario(scenarioId);
      this.builtInDigests.set(scenarioId, scenario ? scenarioDigest(scenario) : undefined);
    }
    return this.builtInDigests.get(scenarioId);
  }

  /** Null: nothing to check (today's version, or a game that is over: a record, never played again); undefined: not checked yet. */
  private known(game: LoadedGame): RulesVerdict | null | undefined {
    if (game.rulesVersion === this.today || isGameOver(game.state.status)) return null;
    return game.rulesVerdict?.version === this.today ? game.rulesVerdict : undefined;
  }

  private verdict(game: LoadedGame): Promise<RulesVerdict> {
    let running = this.running.get(game);
    if (!running) {
      running = this.check(game).finally(() => this.running.delete(game));
      this.running.set(game, running);
    }
    return running;
  }

  private async check(game: LoadedGame): Promise<RulesVerdict> {
    // The log as far as the game was loaded: later actions are decided under today's rules.
    const read = await this.store.readStream(gameStreamId(game.gameId), { maxCount: game.revision + 1 });
    const result = await redecideYielding(read.status === 'ok' ? read.events : []);
    let divergedAt: FrozenAt | null = null;
    // A log recorded before commands were kept cannot be checked: it carries on, as it always did.
    if (!result.ok && result.divergence.kind === 'differs') {
      const d = result.divergence;
      divergedAt = { action: d.actionIndex + 1, commandId: d.actionId, commandType: d.commandType, revision: d.revision };
      if (d.rule !== undefined) divergedAt.refusedBy = d.rule;
    }
    const verdict: RulesVerdict = { version: this.today, divergedAt };
    game.rulesVerdict = verdict;
    return verdict;
  }
}

const refuseFrozen = (verdict: RulesVerdict): void => {
  if (verdict.divergedAt) throw new GameFrozenError(verdict.divergedAt);
};
