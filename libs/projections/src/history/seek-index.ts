// The seek index of one game: the board at any revision in a snapshot and a short fold.
//
// The effective history (the log without undone actions, redone ones back in place) is a
// stack of actions: an action pushes, `ActionUndone` pops, `ActionRedone` pushes back what was
// popped, a new action forgets what could have been redone. Every effective history that ever
// existed is a path in a tree of action nodes (an undo moves the top to the parent, a redo back
// to the same child), so the state at a revision is "the node on top then" folded, and a node
// keeps a snapshot of its state whenever K events or more separate it from the snapshot above.
// A seek is then: the nearest snapshot on the path, copied, plus a fold of fewer than K events
// (and the events of the action in progress when the revision falls inside one).
//
// Snapshots are caches, never the truth: the property test checks every seek against a fresh
// fold of the effective history of the log's prefix.
import type { RecordedEvent } from '@logbook/event-store';
import { applyEvent, cloneState, initialState, type GameEvent, type GameState } from '@logbook/rules';
import { ActionLog, historyChange, type IndexedAction } from './action-log';

/**
 * How the index keeps and advances states. While it is built, one working state is changed in
 * place (fast); a snapshot is a kept copy. A seek advances a kept state by a few events: with
 * plain states that is a copy and a fold; with copy-on-write states (the rules' `applyEvents`)
 * it copies only what the events touch, and the snapshot is shared, never changed.
 */
export interface StateOps {
  /** A snapshot of the working state: kept, never changed afterwards. */
  keep(working: GameState): GameState;
  /** A working copy of a kept state, to change in place. */
  own(kept: GameState): GameState;
  /** The state after `events` from a kept state, for a reader: `kept` itself is unchanged. */
  advance(kept: GameState, events: readonly GameEvent[]): GameState;
}

const applyInPlace = (state: GameState, events: readonly GameEvent[]): GameState => {
  for (const event of events) applyEvent(state, event);
  return state;
};

export const copyingStateOps: StateOps = {
  keep: cloneState,
  own: cloneState,
  advance: (kept, events) => applyInPlace(cloneState(kept), events),
};

export interface SeekIndexOptions {
  /** Keep a snapshot whenever this many events separate a node from the snapshot above it. */
  snapshotEvery?: number;
  ops?: StateOps;
  /** Measures a snapshot for the memory report (JSON length by default). */
  sizeOf?: (state: GameState) => number;
}

export interface SeekIndexStats {
  revision: number;
  events: number;
  actions: number;
  snapshots: number;
  /** JSON size of the snapshots: their share of memory, roughly. */
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

export const DEFAULT_SNAPSHOT_EVERY = 100;

const jsonLength = (value: unknown): number => JSON.stringify(value)?.length ?? 0;

export class SeekIndex {
  readonly log = new ActionLog();
  private readonly every: number;
  private readonly ops: StateOps;
  private readonly sizeOf: (state: GameState) => number;

  /** For each revision: the node on top of the effective history, and how many of its events are in. */
  private readonly tops: Array<ActionNode | null> = [];
  private readonly counts: number[] = [];
  private top: ActionNode | null = null;
  /** The node being recorded: its events may still grow. */
  private open: ActionNode | null = null;
  /** The state of `top` with `count(top)` events: advanced as events arrive. */
  private working: GameState = initialState();
  private readonly redo: ActionNode[] = [];
  private snapshots = 0;
  private snapshotBytes = 0;
  private eventBytes = 0;
  /** The last state a seek built, for clients asking for the same revision again. */
  private lastSeek: { revision: number; state: GameState } | null = null;

  constructor(options: SeekIndexOptions = {}) {
    this.every = Math.max(1, options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY);
    this.ops = options.ops ?? copyingStateOps;
    this.sizeOf = options.sizeOf ?? jsonLength;
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

  /** Adds the next recorded event (revisions must follow on: the index is caught up in order). */
  append(recorded: RecordedEvent): void {
    if (recorded.revision !== this.tops.length) {
      throw new Error(`Seek index expected revision ${this.tops.length}, got ${recorded.revision}`);
    }
    this.eventBytes += jsonLength(recorded.data) + recorded.type.length + 64;
    const { action, opened, event } = this.log.add(recorded);
    const change = historyChange(event);
    if (change) {
      this.close();
      if (change.change === 'undone') this.undo(change.actionId);
      else this.redoAction(change.actionId);
    } else if (opened || this.open?.action !== action) {
      this.close();
      this.redo.length = 0; // a new action forgets what could have been redone
      const parent = this.top;
      const node: ActionNode = { action, parent, cost: (parent && !parent.snapshot ? parent.cost : 0) + 1 };
      this.open = node;
      this.top = node;
      applyEvent(this.working, event);
    } else {
      this.open.cost += 1;
      applyEvent(this.working, event);
    }
    this.tops.push(this.top);
    // The top's events so far (an action being recorded grows; any other is whole).
    this.counts.push(this.top ? this.top.action.events.length : 0);
  }

  /**
   * The effective state after the log's first `revision + 1` events. The result is shared (the
   * index's own snapshot, or the last seek's answer): read it, never change it.
   */
  stateAt(revision: number): Readonly<GameState> {
    if (!Number.isInteger(revision) || revision < 0 || revision > this.revision) {
      throw new RangeError(`revision ${revision} is not in 0..${this.revision}`);
    }
    if (this.lastSeek?.revision === revision) return this.lastSeek.state;
    const node = this.tops[revision];
    const count = this.counts[revision];
    const state = this.materialize(node, count);
    this.lastSeek = { revision, state };
    return state;
  }

  /** The actions of the log in order, undo and redo actions included. */
  get actions(): readonly IndexedAction[] {
    return this.log.actions;
  }

  /** The actions of the effective history at the end of the log, in order. */
  effectiveActions(): IndexedAction[] {
    const path: IndexedAction[] = [];
    for (let at = this.top; at; at = at.parent) path.push(at.action);
    return path.reverse();
  }

  /** The node being recorded is complete: keep a snapshot when it is far enough from the last. */
  private close(): void {
    const node = this.open;
    if (!node) return;
    this.open = null;
    if (node.cost >= this.every) this.keepSnapshot(node, this.working);
  }

  private keepSnapshot(node: ActionNode, state: GameState): void {
    node.snapshot = this.ops.keep(state);
    node.cost = 0;
    this.snapshots += 1;
    this.snapshotBytes += this.sizeOf(node.snapshot);
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
      top = { action: above.action, parent: top, cost: (top && !top.snapshot ? top.cost : 0) + above.action.events.length };
    }
    this.redo.push(at);
    this.moveTo(top);
  }

  private redoAction(actionId: string): void {
    let index = this.redo.length - 1;
    while (index >= 0 && this.redo[index].action.actionId !== actionId) index--;
    if (index < 0) return;
    const [node] = this.redo.splice(index, 1);
    if (node.parent === this.top) {
      // The same effective history as before the undo: the same node (and snapshot), and
      // `working` (the parent's state) takes the action's recorded events again.
      this.top = node;
      applyInPlace(this.working, node.action.events);
      return;
    }
    const parent = this.top;
    const placed: ActionNode = { action: node.action, parent, cost: (parent && !parent.snapshot ? parent.cost : 0) + node.action.events.length };
    this.moveTo(placed);
    if (placed.cost >= this.every) this.keepSnapshot(placed, this.working);
  }

  private moveTo(node: ActionNode | null): void {
    this.top = node;
    this.working = node ? this.materialize(node, node.action.events.length, true) : initialState();
  }

  /**
   * The state of `node` with its first `count` events: the nearest snapshot above, advanced by
   * the events below it. `owned`: a working copy to change in place (else possibly shared).
   */
  private materialize(node: ActionNode | null, count: number, owned = false): GameState {
    if (!node) return initialState();
    if (node.snapshot && count === node.action.events.length) return owned ? this.ops.own(node.snapshot) : node.snapshot;
    const chain: ActionNode[] = [];
    let base = node.parent;
    while (base && !base.snapshot) {
      chain.push(base);
      base = base.parent;
    }
    const events: GameEvent[] = [];
    for (let i = chain.length - 1; i >= 0; i--) events.push(...chain[i].action.events);
    events.push(...node.action.events.slice(0, count));
    if (!base?.snapshot) return applyInPlace(initialState(), events);
    return owned ? applyInPlace(this.ops.own(base.snapshot), events) : this.ops.advance(base.snapshot, events);
  }
}
