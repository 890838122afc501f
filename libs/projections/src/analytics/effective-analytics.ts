// One game's analytics figures over its effective history, kept so that an undo or redo costs a
// bounded fold: the actions' analytics events as a stack (undone ones on a redo stack), with a
// copy of the figures whenever CHECKPOINT_EVENTS events separate it from the one before. An
// undo restores the nearest copy below the new top and folds the few events since.
import { isHistoryNeutral } from '@logbook/rules';
import { markBot, newAnalyticsFold, noBots, type AnalyticsEvent, type AnalyticsFold, type GameAnalytics } from './analytics-figures';
import { claimSeat } from './analytics-handlers';
import { evolveAnalytics, SEAT_CLAIMED } from './game-analytics';

/** Events between kept copies of the figures: what one undo folds at most, beside its action's. */
const CHECKPOINT_EVENTS = 64;

interface Action {
  actionId: string;
  /** Index of its first event in the effective history: the revision the figures fold it at. */
  start: number;
  events: AnalyticsEvent[];
  /** The figures after it, when kept (a checkpoint). */
  after?: AnalyticsFold;
}

export class EffectiveAnalytics {
  private readonly effective: Action[] = [];
  private readonly undone: Action[] = [];
  /** The figures over the effective history, its events numbered from 0 as a refold numbers them. */
  private current: AnalyticsFold;
  private undos = 0;
  private redos = 0;
  /** Seats played by bots: marked by events no undo takes back, so kept apart from the actions. */
  private readonly bots: Pick<GameAnalytics, 'bots'> = { bots: noBots() };
  /** Seats claimed into a profile (SeatClaimed), likewise never taken back: applied to every copy of the figures. */
  private readonly claims: unknown[] = [];
  /** Revision of the last log event taken (delivery is at least once). */
  private revision = -1;

  constructor(private readonly gameId: string) {
    this.current = newAnalyticsFold(gameId);
  }

  /**
   * Takes the game's next analytics event: an action's, or an undo or redo. False when the
   * history cannot follow it (an undo of an action below the top): the caller refolds the log.
   */
  take(actionId: string, event: AnalyticsEvent): boolean {
    if (event.revision <= this.revision) return true;
    this.revision = event.revision;
    // Not a game action (a takeback asked or answered, a note, a handover): no figure, and it forgets no redo.
    if (isHistoryNeutral(event.type)) {
      if (event.type === 'SeatHandedToBot') markBot(this.bots as GameAnalytics, event.data as { seat: number; bot: string; by?: string });
      if (event.type === SEAT_CLAIMED) this.claims.push(event.data);
      return true;
    }
    if (event.type === 'ActionUndone' || event.type === 'ActionRedone') {
      const target = (event.data as { actionId?: unknown } | undefined)?.actionId;
      return event.type === 'ActionUndone' ? this.undo(target) : this.redo(target);
    }
    let top = this.effective[this.effective.length - 1];
    if (top?.actionId !== actionId) {
      if (top) this.checkpoint(this.effective.length - 1);
      top = { actionId, start: this.length(), events: [] };
      this.effective.push(top);
      this.undone.length = 0;
    }
    const numbered = { ...event, revision: top.start + top.events.length };
    top.events.push(numbered);
    evolveAnalytics(this.current, numbered);
    return true;
  }

  /** The figures as the read model stores them (its own copy), at the log's revision `revision`. */
  figures(revision: number): AnalyticsFold {
    const fold = structuredClone(this.current);
    fold.figures.undos = this.undos;
    fold.figures.redos = this.redos;
    fold.figures.bots = structuredClone(this.bots.bots);
    for (const claim of this.claims) claimSeat(fold, claim);
    fold.figures.revision = revision;
    return fold;
  }

  private undo(target: unknown): boolean {
    this.undos += 1;
    const top = this.effective[this.effective.length - 1];
    if (top?.actionId !== target) {
      // An action with no analytics events (it changes no figure), or one below the top.
      return !this.effective.some((a) => a.actionId === target);
    }
    this.undone.push(this.effective.pop() as Action);
    this.current = this.foldedUpTo(this.effective.length);
    return true;
  }

  private redo(target: unknown): boolean {
    this.redos += 1;
    let at = this.undone.length - 1;
    while (at >= 0 && this.undone[at]?.actionId !== target) at--;
    if (at === -1) return true; // an action with no analytics events
    const [back] = this.undone.splice(at, 1) as [Action];
    back.start = this.length();
    back.after = undefined;
    back.events = back.events.map((e, i) => ({ ...e, revision: back.start + i }));
    this.effective.push(back);
    for (const event of back.events) evolveAnalytics(this.current, event);
    return true;
  }

  private length(): number {
    const top = this.effective[this.effective.length - 1];
    return top ? top.start + top.events.length : 0;
  }

  /** Keeps a copy of the figures after action `at` (the top) when enough events separate it from the last copy. */
  private checkpoint(at: number): void {
    let events = 0;
    for (let i = at; i >= 0 && events < CHECKPOINT_EVENTS; i--) {
      const action = this.effective[i] as Action;
      if (i < at && action.after) break;
      events += action.events.length;
    }
    if (events >= CHECKPOINT_EVENTS) (this.effective[at] as Action).after = structuredClone(this.current);
  }

  /** The figures after the first `count` effective actions: the nearest copy, then the events since. */
  private foldedUpTo(count: number): AnalyticsFold {
    let from = count - 1;
    while (from >= 0 && !this.effective[from]?.after) from--;
    const base = from >= 0 ? this.effective[from]?.after : undefined;
    const fold = base ? structuredClone(base) : newAnalyticsFold(this.gameId);
    for (let i = from + 1; i < count; i++) for (const event of (this.effective[i] as Action).events) evolveAnalytics(fold, event);
    return fold;
  }
}
