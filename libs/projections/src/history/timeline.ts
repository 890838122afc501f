// The timeline of a game: its actions in log order, grouped by the round and turn in which
// they were taken, each with who, when, a one-line description, its revision range and whether
// it was undone or redone. Everything in it is public: descriptions read the command type and
// events' public data only, and no command body or secret is copied out.
import type { GameEvent } from '@logbook/rules';
import { historyChange, type IndexedAction } from './action-log';
import { describeAction, emptyNames, namesFrom, whoOf, type Names } from './describe-action';

export interface TimelineAction {
  actionId: string;
  seat: number | null;
  /** The seat's name, or "The game" for what no seat sent (creation). */
  by: string;
  recordedAt: string | null;
  /** The command's type when the log recorded it, else the first event's type. */
  type: string;
  description: string;
  revisions: { from: number; to: number };
  /** Not in the effective history at the end of the log: taken back and not redone. */
  undone: boolean;
  /** Re-applied at least once after an undo. */
  redone: boolean;
  /** For an undo or redo: the action it names. */
  target?: string;
  /** Each time this action was undone or redone, and by whom. */
  changes?: Array<{ revision: number; change: 'undone' | 'redone'; seat: number | null }>;
}

export interface TimelineTurn {
  /** 1-based order of the turn in its round (0 for the game's setup). */
  turn: number;
  seat: number | null;
  by: string;
  /** The revision after which the turn began (`?at=` shows the board at its start). */
  startedAt: number;
  actions: TimelineAction[];
}

export interface TimelineRound {
  /** 0 holds the game's creation, before the first turn. */
  round: number;
  turns: TimelineTurn[];
}

export interface Timeline {
  gameId: string;
  revision: number;
  actions: number;
  rounds: TimelineRound[];
}

interface TurnKey {
  round: number;
  seat: number | null;
}

const SETUP: TurnKey = { round: 0, seat: null };

const lastTurnStarted = (events: GameEvent[]): TurnKey | undefined => {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event.type === 'TurnStarted') return { round: event.data.round, seat: event.data.seat };
  }
  return undefined;
};

/** Builds the timeline of `actions` (the whole log, in order, undo and redo actions included). */
export function buildTimeline(gameId: string, actions: readonly IndexedAction[]): Timeline {
  let names: Names = emptyNames();
  const rounds = new Map<number, TimelineRound>();
  const turns = new Map<string, TimelineTurn>();
  const views = new Map<string, TimelineAction>();
  const descriptions = new Map<string, string>();
  /** The turn each ordinary action left the game in (what an undo goes back to is its parent's). */
  const turnAfter = new Map<string, TurnKey>();
  /** Which action started each turn: the last effective one wins (an undone EndTurn is re-taken). */
  const starters = new Map<string, IndexedAction[]>();
  const stack: string[] = [];
  const redo: string[] = [];
  const current = (): TurnKey => (stack.length ? (turnAfter.get(stack[stack.length - 1]) ?? SETUP) : SETUP);

  const turnOf = (key: TurnKey, startedAt: number): TimelineTurn => {
    const id = `${key.round}:${key.seat}`;
    let turn = turns.get(id);
    if (!turn) {
      let round = rounds.get(key.round);
      if (!round) rounds.set(key.round, (round = { round: key.round, turns: [] }));
      turn = { turn: key.round === 0 ? 0 : round.turns.length + 1, seat: key.seat, by: whoOf(key.seat, names), startedAt, actions: [] };
      round.turns.push(turn);
      turns.set(id, turn);
    }
    return turn;
  };

  for (const action of actions) {
    if (action.firstRevision === 0) names = namesFrom(action.events[0]);
    const context = current();
    const description = describeAction(action, names, (id) => descriptions.get(id));
    descriptions.set(action.actionId, description);
    const history = action.events.map(historyChange).filter((c) => c !== null);
    const view: TimelineAction = {
      actionId: action.actionId,
      seat: action.seat,
      by: whoOf(action.seat, names),
      recordedAt: action.recordedAt,
      type: action.command?.type ?? (history.length ? (history[0].change === 'undone' ? 'Undo' : 'Redo') : action.events[0].type),
      description,
      revisions: { from: action.firstRevision, to: action.lastRevision },
      undone: false,
      redone: false,
    };
    views.set(action.actionId, view);
    turnOf(context, Math.max(0, action.firstRevision - 1)).actions.push(view);

    if (history.length === 0) {
      redo.length = 0;
      const after = lastTurnStarted(action.events);
      if (after) {
        const id = `${after.round}:${after.seat}`;
        starters.set(id, [...(starters.get(id) ?? []), action]);
      }
      turnAfter.set(action.actionId, after ?? context);
      stack.push(action.actionId);
      continue;
    }
    for (const { change, actionId: target } of history) {
      view.target = target;
      const targetView = views.get(target);
      if (change === 'undone') {
        const at = stack.lastIndexOf(target);
        if (at < 0) continue;
        stack.splice(at, 1);
        redo.push(target);
      } else {
        const at = redo.lastIndexOf(target);
        if (at < 0) continue;
        redo.splice(at, 1);
        stack.push(target);
      }
      if (targetView) {
        (targetView.changes ??= []).push({ revision: action.firstRevision, change, seat: action.seat });
        if (change === 'redone') targetView.redone = true;
      }
    }
  }

  const effective = new Set(stack);
  for (const view of views.values()) {
    if (view.changes && !effective.has(view.actionId)) view.undone = true;
  }
  // A turn starts after the (last effective) action whose events began it.
  for (const [id, candidates] of starters) {
    const turn = turns.get(id);
    if (!turn) continue;
    const chosen = candidates.filter((a) => effective.has(a.actionId)).at(-1) ?? candidates.at(-1);
    if (chosen) turn.startedAt = chosen.lastRevision;
  }
  const all = [...rounds.values()].sort((a, b) => a.round - b.round);
  return { gameId, revision: actions.at(-1)?.lastRevision ?? -1, actions: actions.length, rounds: all };
}

/** The revision at which turn `turn` (1-based) of round `round` began, if the game got there. */
export function turnStartRevision(timeline: Timeline, round: number, turn: number): number | undefined {
  return timeline.rounds.find((r) => r.round === round)?.turns.find((t) => t.turn === turn)?.startedAt;
}
