// The read side of one game's log: events by revision range, each redacted for the viewer, and the
// board view now. The command path, the events endpoint and the live feed all show events through here.
import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@logbook/event-store';
import { gameStreamId, type CommandResult, type EventView } from '@logbook/game-log';
import { ActionMetaReader, boardView, type ActionMeta, type BoardView } from '@logbook/projections';
import { maySeeSecret, type GameState, type Secret } from '@logbook/rules';
import { GameNotFoundError } from './game.errors';
import type { LoadedGame } from './game-repository';
import type { GameRules } from './rules-check';
import { SerializedViewCache } from './view-cache';
import { cacheBudgetsFrom } from './cache-budgets';
import { botSeatList, seatBotsOf, seatClaimsOf } from '../bots/seat-bots-of';

/** A recorded event as `seat` may see it while the game has `status` (with its action's who and when). */
export const viewEvent = (recorded: RecordedEvent, seat: number | null, status: GameState['status'], action?: ActionMeta): EventView => {
  // The stored payload is `{ data, secret? }` (game-log's codec); redacted by redactEvent's rule.
  const payload = (recorded.data ?? {}) as { data?: unknown; secret?: Secret<unknown> };
  const view: EventView = { revision: recorded.revision, type: recorded.type, data: payload.data };
  const secret = payload.secret;
  if (secret && maySeeSecret(secret, seat, status)) view.secret = secret.data;
  if (action) {
    view.commandId = action.commandId;
    view.seat = action.seat;
    view.recordedAt = action.recordedAt;
  }
  return view;
};

/**
 * Reads who and when for a run of a game's events: only the first event of an action carries
 * them (older logs: every event), so a page starting mid-action asks the game's command records.
 */
export const actionMetaReader = (game: LoadedGame): ActionMetaReader =>
  new ActionMetaReader((commandId) => {
    const known = game.commands.get(commandId);
    return known ? { seat: known.seat ?? null, recordedAt: known.recordedAt ?? null } : undefined;
  });

@Injectable()
export class GameEventsService {
  private readonly views: SerializedViewCache;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {
    this.views = new SerializedViewCache(undefined, cacheBudgetsFrom(process.env).viewsBytes);
  }

  /**
   * The board view now, as `seat` sees it, in JSON: made once per game, revision and seat (many
   * clients poll the same board), with what undo and redo would take back or re-apply.
   */
  /** Drops the game's serialized views (its names changed: a subject was erased). */
  forgetGame(gameId: string): void {
    this.views.forgetGame(gameId);
  }

  currentView(game: LoadedGame, seat: number | null, rules: GameRules): string {
    // The key needs no verdict: one process reaches one verdict per game and revision.
    return this.views.get(SerializedViewCache.key(game.gameId, game.revision, seat), () => {
      const view: BoardView & { rules?: GameRules } = boardView(game.state, game.revision, seat, {
        history: { undo: game.history.undoable(), redo: game.history.redoable(), takeback: game.history.takebackView() },
        bots: botSeatList(seatBotsOf(game)),
        claims: seatClaimsOf(game),
      });
      view.rules = rules;
      return JSON.stringify(view);
    });
  }

  /** The events of `game` from a revision on, as `seat` may see them. */
  async eventsFor(game: LoadedGame, seat: number | null, fromRevision = 0, maxCount = 1000): Promise<CommandResult> {
    const recorded = await this.readRange(game.gameId, fromRevision, maxCount);
    const actions = actionMetaReader(game);
    return { revision: game.revision, events: recorded.map((e) => viewEvent(e, seat, game.state.status, actions.metaOf(e))) };
  }

  /** What a command recorded (revisions `first..last`), as `seat` may see it: a retried command's answer. */
  async replay(game: LoadedGame, first: number, last: number, seat: number | null): Promise<CommandResult> {
    const recorded = await this.readRange(game.gameId, first, last - first + 1);
    return { revision: last, events: recorded.map((e) => viewEvent(e, seat, game.state.status)) };
  }

  async readRange(gameId: string, fromRevision: number, maxCount: number): Promise<RecordedEvent[]> {
    const result = await this.store.readStream(gameStreamId(gameId), { fromRevision, maxCount });
    if (result.status === 'stream_not_found') throw new GameNotFoundError(gameId);
    return result.events;
  }
}
