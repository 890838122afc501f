// The seek index of one game: the board at any revision in a snapshot and a short fold.
//
// The effective history (the log without undone actions, redone ones back in place) is a
// stack of actions: an action pushes, `ActionUndone` pops, `ActionRedone` pushes back what was
// popped, a new action forgets what could have been redone. Every effective history that ever
// existed is a path in a tree of action nodes (an undo moves the top to the parent, a redo back
// to the same child), so the state at a revision is "the node on top then" folded, and a node
// keeps a snapshot of its state whenever K events or more separate it from the snapshot above.
// A seek is then: the nearest snapshot on the path plus a fold of fewer than K events (and the
// events of the action in progress when the revision falls inside one).
//
// States are the rules' copy-on-write states (frozen; `applyEvents` copies only what the events
// touch): a snapshot is a reference, snapshots share every part they have in common, and a seek
// copies only what its few events change.
//
// Snapshots are caches, never the truth: the property test checks every seek against a fresh
// fold of the effective history of the log's prefix.
import type { RecordedEvent } from '@logbook/event-store';
import { applyEvents, initialState, isHistoryNeutral, type GameEvent, type GameState } from '@logbook/rules';
import { deepFreeze } from '@logbook/rules/freeze';
import { ActionLog, historyChange, type IndexedAction } from './action-log';

export interface SeekIndexOptions {
  /** Keep a snapshot whenever this many events separate a node from the snapshot above it. */
  snapshotEvery?: number;
}

export interface SeekIndexStats {
  revision: number;
  events: number;
  actions: number;
  snapshots: number;
  /**
   * What the snapshots hold apart from each other, in JSON bytes: the first whole, then for
   * each the top-level parts it does not share with the snapshot before it (an upper bound).
   */
  snapshotBytes: number;
  /** JSON size of the events held for folding. */
  eventBytes: number;
}

interface ActionNode {
  action: IndexedAction;
  parent: ActionNode | null;
  /** Events to fold from the nearest snapshot above to this node's end (0 when it has one). */
  cost: number;
  snapshot?: GameState;
}

export const DEFAULT_SNAPSHOT_EVERY = 25;

const jsonLength = (value: unknown): number => JSON.stringify(value)?.length ?? 0;

const EMPTY: GameState = deepFreeze(initialState());

const advance = (state: GameState, events: readonly GameEvent[]): GameState => (events.length === 0 ? state : applyEvents(state, events));

export class SeekIndex {
  readonly log = new ActionLog();
  private readonly every: number;

  /** For each revision: the node on top of the effective history, and how many of its events are in. */
  private readonly tops: Array<ActionNode | null> = [];
  private readonly counts: number[] = [];
  private top: ActionNode | null = null;
  /** The node being recorded: its events may still grow. */
  private open: ActionNode | null = null;
  /** The state of `top` (without the open node's events, folded when it closes). */
  private working: GameState = EMPTY;
  private readonly redo: ActionNode[] = [];
  private snapshots = 0;
  private snapshotBytes = 0;
  private eventBytes = 0;
  private lastSnapshot: GameState | null = null;
  /** The last state a seek built, for clients asking for the same revision again. */
  private lastSeek: { revision: number; state: GameState } | null = null;

  constructor(options: SeekIndexOptions = {}) {
    this.every = Math.max(1, options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY);
  }

  /** The last revision indexed (-1 when empty). */
  get revision(): number {
    return this.tops.length - 1;
  }

  get stats(): SeekIndexStats {
    return {
      revision: this.revision,
      events: this.tops.length,
      actions: this.log.actions.length,
      snapshots: this.snapshots,
      snapshotBytes: this.snapshotBytes,
      eventBytes: this.eventBytes,
    };
  }

  /** Bytes this index holds, roughly: what a cache of many games counts against its budget. */
  get bytes(): number {
    return this.snapshotBytes + this.eventBytes;
  }

  /** The actions of the log in order, undo and redo actions included. */
  get actions(): readonly IndexedAction[] {
    return this.log.actions;
  }

  /** Adds the next recorded event (revisions must follow on: the index is caught up in order). */
  append(recorded: RecordedEvent): void {
    if (recorded.revision !== this.tops.length) {
      throw new Error(`Seek index expected revision ${this.tops.length}, got ${recorded.revision}`);
    }
    this.eventBytes += jsonLength(recorded.data) + recorded.type.length + 64;
    const { action, opened, event } = this.log.add(recorded);
    const change = historyChange(event);
    if (isHistoryNeutral(event.type)) {
      // Not a game action (a takeback asked or answered, a note): the board here is the board
      // before it, and no redo is forgotten.
      this.close();
    } else if (change) {
      this.close();
      if (change.change === 'undone') this.undo(change.actionId);
      else this.redoAction(change.actionId);
    } else if (opened || this.open?.action !== action) {
      this.close();
      // A new action forgets what could have been redone; a seat handed to a bot is no action.
      if (!isHistoryNeutral(event.type)) this.redo.length = 0;
      const parent = this.top;
      const node: ActionNode = { action, parent, cost: this.costAbove(parent) + 1 };
      this.open = node;
      this.top = node;
    } else {
      this.open.cost += 1;
    }
    this.tops.push(this.top);
    // The top's events so far (an action being recorded grows; any other is whole).
    this.counts.push(this.top ? this.top.action.events.length : 0);
  }

  /** The effective state after the log's first `revision + 1` events (frozen: shared, never changed). */
  stateAt(revision: number): GameState {
    if (!Number.isInteger(revision) || revision < 0 || revision > this.revision) {
      throw new RangeError(`revision ${revision} is not in 0..${this.revision}`);
    }
    if (this.lastSeek?.revision === revision) return this.lastSeek.state;
    const node = this.tops[revision] ?? null;
    const state = this.materialize(node, this.counts[revision] ?? 0);
    this.lastSeek = { revision, state };
    return state;
  }

  /** The actions of the effective history at the end of the log, in order. */
  effectiveActions(): IndexedAction[] {
    const path: IndexedAction[] = [];
    for (let at = this.top; at; at = at.parent) path.push(at.action);
    return path.reverse();
  }

  private costAbove(parent: ActionNode | null): number {
    return parent && !parent.snapshot ? parent.cost : 0;
  }

  /** The node being recorded is complete: fold it, and keep a snapshot when it is far enough from the last. */
  private close(): void {
    const node = this.open;
    if (!node) return;
    this.open = null;
    this.working = advance(this.working, node.action.events);
    if (node.cost >= this.every) this.keepSnapshot(node);
  }

  private keepSnapshot(node: ActionNode): void {
    node.snapshot = this.working;
    node.cost = 0;
    this.snapshots += 1;
    this.snapshotBytes += this.unsharedBytes(this.working, this.lastSnapshot);
    this.lastSnapshot = this.working;
  }

  /** JSON size of the top-level parts of `state` that `previous` does not share. */
  private unsharedBytes(state: GameState, previous: GameState | null): number {
    if (!previous) return jsonLength(state);
    let bytes = 0;
    for (const key of Object.keys(state) as Array<keyof GameState>) {
      if (state[key] !== previous[key]) bytes += key.length + jsonLength(state[key]);
    }
    return bytes;
  }

  private undo(actionId: string): void {
    const path: ActionNode[] = [];
    let at = this.top;
    while (at && at.action.actionId !== actionId) {
      path.push(at);
      at = at.parent;
    }
    if (!at) return; // not in the effective history: nothing to take back
    let top = at.parent;
    // Normally the undone action is the top. If it is deeper, what was above it stays, re-stacked.
    for (const above of path.reverse()) {
      top = { action: above.action, parent: top, cost: this.costAbove(top) + above.action.events.length };
    }
    this.redo.push(at);
    this.moveTo(top);
  }

  private redoAction(actionId: string): void {
    let index = this.redo.length - 1;
    while (index >= 0 && this.redo[index]?.action.actionId !== actionId) index--;
    const node = this.redo[index];
    if (!node) return;
    this.redo.splice(index, 1);
    if (node.parent === this.top) {
      // The same effective history as before the undo: the same node (and snapshot).
      this.top = node;
      this.working = node.snapshot ?? advance(this.working, node.action.events);
      return;
    }
    const placed: ActionNode = { action: node.action, parent: this.top, cost: this.costAbove(this.top) + node.action.events.length };
    this.moveTo(placed);
    if (placed.cost >= this.every) this.keepSnapshot(placed);
  }

  private moveTo(node: ActionNode | null): void {
    this.top = node;
    this.working = this.materialize(node, node ? node.action.events.length : 0);
  }

  /** The state of `node` with its first `count` events: the nearest snapshot above, advanced by the events below it. */
  private materialize(node: ActionNode | null, count: number): GameState {
    if (!node) return EMPTY;
    if (node.snapshot && count === node.action.events.length) return node.snapshot;
    const chain: ActionNode[] = [];
    let base = node.parent;
    while (base && !base.snapshot) {
      chain.push(base);
      base = base.parent;
    }
    const events: GameEvent[] = [];
    for (let i = chain.length - 1; i >= 0; i--) {
      const link = chain[i];
      if (link) events.push(...link.action.events);
    }
    events.push(...node.action.events.slice(0, count));
    return advance(base?.snapshot ?? EMPTY, events);
  }
}
