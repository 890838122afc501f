// The timeline of a game: its actions in log order, grouped by the round and turn in which
// they were taken, each with who, when, a one-line description, its revision range and whether
// it was undone or redone. Everything in it is public: descriptions read the command type and
// events' public data only, and no command body or secret is copied out.
import { isHistoryNeutral, type GameEvent } from '@logbook/rules';
import { historyChange, type IndexedAction } from './action-log';
import { describeAction, emptyNames, namesFrom, whoOf, type Names } from './describe-action';
import { byMoment, notesOfAction, type NoteView } from './notes';

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
  /** The game's notes, by the revision they speak of (a note is not an action: it is in no turn). */
  notes: NoteView[];
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

/**
 * Builds a game's timeline action by action, so a growing game's timeline costs what was added
 * (descriptions are written once); `build()` settles the undo/redo flags and turn starts.
 * Add whole actions only, in log order, undo and redo actions included.
 */
export class TimelineBuilder {
  private names: Names = emptyNames();
  private readonly rounds = new Map<number, TimelineRound>();
  private readonly turns = new Map<string, TimelineTurn>();
  private readonly views = new Map<string, TimelineAction>();
  /** Views that were undone or redone at least once: the only ones whose flags can change. */
  private readonly changed = new Set<TimelineAction>();
  /** The turn each ordinary action left the game in (what an undo goes back to is its parent's). */
  private readonly turnAfter = new Map<string, TurnKey>();
  /** Which action started each turn: the last effective one wins (an undone EndTurn is re-taken). */
  private readonly starters = new Map<string, IndexedAction[]>();
  private readonly stack: string[] = [];
  private readonly redo: string[] = [];
  private readonly notes: NoteView[] = [];
  private count = 0;
  /** Actions of the log added, notes included (where the next `add` resumes). */
  private added = 0;
  private revision = -1;

  constructor(private readonly gameId: string) {}

  /** How many actions of the log were added (notes included). */
  get size(): number {
    return this.added;
  }

  add(action: IndexedAction): void {
    if (action.firstRevision === 0) this.names = namesFrom(action.events[0]);
    this.added += 1;
    this.notes.push(...notesOfAction(action, this.names));
    const neutral = action.events.every((e) => isHistoryNeutral(e.type));
    if (neutral && action.events.every((e) => e.type === 'NoteAdded')) {
      // A note is no line of its own (it is listed with the notes): in no turn, and no undo or redo moves past it.
      this.revision = action.lastRevision;
      return;
    }
    const context = this.current();
    const description = describeAction(action, this.names, (id) => this.views.get(id)?.description);
    const history = action.events.map(historyChange).filter((c) => c !== null);
    const view: TimelineAction = {
      actionId: action.actionId,
      seat: action.seat,
      by: whoOf(action.seat, this.names),
      recordedAt: action.recordedAt,
      type: action.command?.type ?? (history.length ? (history[0].change === 'undone' ? 'Undo' : 'Redo') : action.events[0].type),
      description,
      revisions: { from: action.firstRevision, to: action.lastRevision },
      undone: false,
      redone: false,
    };
    this.views.set(action.actionId, view);
    this.turnOf(context, Math.max(0, action.firstRevision - 1)).actions.push(view);
    this.count += 1;
    this.revision = action.lastRevision;
    // A seat claimed into a profile goes by the profile's name in the lines after it (as on the board).
    for (const event of action.events) if (event.type === 'SeatClaimed') this.names.seats.set(event.data.seat, event.data.name);

    // A takeback asked, declined or withdrawn is a line of its turn, but no action an undo takes back.
    if (neutral) return;
    if (history.length === 0) {
      this.redo.length = 0;
      const after = lastTurnStarted(action.events);
      if (after) {
        const id = `${after.round}:${after.seat}`;
        this.starters.set(id, [...(this.starters.get(id) ?? []), action]);
      }
      this.turnAfter.set(action.actionId, after ?? context);
      this.stack.push(action.actionId);
      return;
    }
    for (const { change, actionId: target } of history) {
      view.target = target;
      const list = change === 'undone' ? this.stack : this.redo;
      const at = list.lastIndexOf(target);
      if (at < 0) continue;
      list.splice(at, 1);
      (change === 'undone' ? this.redo : this.stack).push(target);
      const targetView = this.views.get(target);
      if (targetView) {
        (targetView.changes ??= []).push({ revision: action.firstRevision, change, seat: action.seat });
        if (change === 'redone') targetView.redone = true;
        this.changed.add(targetView);
      }
    }
  }

  build(): Timeline {
    const effective = new Set(this.stack);
    for (const view of this.changed) view.undone = !effective.has(view.actionId);
    // A turn starts after the (last effective) action whose events began it.
    for (const [id, candidates] of this.starters) {
      const turn = this.turns.get(id);
      const chosen = candidates.filter((a) => effective.has(a.actionId)).at(-1) ?? candidates.at(-1);
      if (turn && chosen) turn.startedAt = chosen.lastRevision;
    }
    const rounds = [...this.rounds.values()].sort((a, b) => a.round - b.round);
    return { gameId: this.gameId, revision: this.revision, actions: this.count, rounds, notes: [...this.notes].sort(byMoment) };
  }

  private current(): TurnKey {
    const top = this.stack.at(-1);
    return (top !== undefined ? this.turnAfter.get(top) : undefined) ?? SETUP;
  }

  private turnOf(key: TurnKey, startedAt: number): TimelineTurn {
    const id = `${key.round}:${key.seat}`;
    let turn = this.turns.get(id);
    if (!turn) {
      let round = this.rounds.get(key.round);
      if (!round) this.rounds.set(key.round, (round = { round: key.round, turns: [] }));
      turn = { turn: key.round === 0 ? 0 : round.turns.length + 1, seat: key.seat, by: whoOf(key.seat, this.names), startedAt, actions: [] };
      round.turns.push(turn);
      this.turns.set(id, turn);
    }
    return turn;
  }
}

/** The timeline of `actions` (the whole log, in order, undo and redo actions included). */
export function buildTimeline(gameId: string, actions: readonly IndexedAction[]): Timeline {
  const builder = new TimelineBuilder(gameId);
  for (const action of actions) builder.add(action);
  return builder.build();
}

/** The revision at which turn `turn` (1-based) of round `round` began, if the game got there. */
export function turnStartRevision(timeline: Timeline, round: number, turn: number): number | undefined {
  return timeline.rounds.find((r) => r.round === round)?.turns.find((t) => t.turn === turn)?.startedAt;
}
