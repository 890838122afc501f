// A Decision is one command being decided. Emitting an event applies it at once to a working
// copy of the state, so chained rules (a move that enters an altar tile, damage that wrecks a
// ship) always see the state as it is after what was already decided.
//
// The working copy is an immer draft: copy-on-write, so deciding costs what the command touches,
// not the size of the state, and the state after an action shares every untouched part with the
// state before it. A past state is then just a reference (undo restores it in O(1); seek
// snapshots are cheap). Appliers stay written in mutating style; on a draft they write copies.
import { current, Immer, isDraft } from 'immer';
import { applyEvent } from './evolve';
import { deepFreeze } from './freeze';
import type { GameEvent } from './events';
import type { Rng } from './random';
import type { GameState } from './state';

/**
 * The rules' own immer instances, so their settings never depend on (or change) another user of
 * immer in the process. By default the states they finish are frozen: a state kept in a history
 * is shared by every later state, and must never change under them. Freezing costs about a sixth
 * of a decision's CPU time on the command path, so a production server may turn it off
 * (`LOGBOOK_FREEZE_STATES`, passed to its games' `GameHistory`) once every test has run with it
 * on. Emitted events stay frozen either way. One instance per setting, chosen per call, so the
 * choice is the caller's and nothing process-wide changes under another caller.
 */
const FREEZING = new Immer({ autoFreeze: true });
const NOT_FREEZING = new Immer({ autoFreeze: false });
const immerFor = (freezeStates: boolean): Immer => (freezeStates ? FREEZING : NOT_FREEZING);

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A plain, deeply frozen copy of a value that may hold drafts (an event built from pieces of the
 * working state). Events outlive the draft and are frozen, so they must hold neither drafts nor
 * objects of the state itself. One walk does both: what is already frozen is taken as is (as
 * `deepFreeze` does), an object is copied only when a part of it had to be.
 */
function frozenPlain<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (isDraft(value)) {
    // An untouched part of a frozen state is immutable already: the event may share it.
    const now = current(value as object) as T;
    return Object.isFrozen(now) ? now : deepFreeze(structuredClone(now));
  }
  if (Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const plain = frozenPlain(item);
      if (plain !== item) (copy ??= [...value])[i] = plain;
    }
    return Object.freeze(copy ?? value) as T;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!hasOwn.call(record, key)) continue;
    const item = record[key];
    const plain = frozenPlain(item);
    if (plain !== item) (copy ??= copyFields(record))[key] = plain;
  }
  return Object.freeze(copy ?? value) as T;
}

/**
 * `{ ...value }`, field by field: V8 gives a spread copy a hidden class of its own once it is
 * frozen (as every event is), so each event would carry its own map: memory per event, and
 * slow reads of it everywhere. Fields added one by one share the usual transitions.
 */
function copyFields(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') Object.defineProperty(copy, key, { value: value[key], enumerable: true, writable: true, configurable: true });
    else copy[key] = value[key];
  }
  return copy;
}

/** The table the turn flow runs: each phase's effects, in order (phase-hooks.ts builds it). */
export interface PhaseHookTable {
  turnEnd: Array<(decision: Decision) => void>;
  roundEnd: Array<(decision: Decision) => void>;
  scenarioEnd: Array<(decision: Decision, outcome: 'won' | 'lost') => void>;
}

const NO_PHASE_HOOKS: PhaseHookTable = { turnEnd: [], roundEnd: [], scenarioEnd: [] };

export class Decision {
  readonly events: GameEvent[] = [];
  /** End-of-turn/round/scenario effects the turn flow runs (decide.ts sets the features' table). */
  hooks: PhaseHookTable = NO_PHASE_HOOKS;
  private draft: GameState | undefined;
  private finished = false;

  constructor(
    /**
     * The state the command is decided on: plain (never a draft) and never changed by the
     * decision. Until the first event is emitted it is what `state` holds, and far cheaper to
     * read: every object read through the draft becomes a proxy (and its parent a shallow copy)
     * though a check only reads it; so the hot commands' checks read `reading`. An event built
     * from an object of it copies that object (the state given to `decide` may be mutable, and
     * an event is frozen).
     */
    readonly before: GameState,
    /** The seat the command comes from; null for system commands such as CreateGame. */
    readonly seat: number | null,
    readonly rng: Rng,
    /** Whether `finish` freezes the state after (see FREEZING). */
    private readonly freezeStates = true,
  ) {}

  /**
   * The state as it is now, for reading: `before` until the first event is emitted, the working
   * draft after. What a command's checks read (an object taken from it is the state of that
   * moment: never hold one across an `emit` expecting the change).
   */
  get reading(): GameState {
    return this.events.length === 0 ? this.before : this.state;
  }

  /** The working state: a draft of `before` (made when first read), with every event emitted applied. */
  get state(): GameState {
    return (this.draft ??= immerFor(this.freezeStates).createDraft(this.before) as GameState);
  }

  emit(...events: GameEvent[]): void {
    for (const emitted of events) {
      // Frozen, so an applier that keeps a piece of an event in the state and changes it
      // later fails at once instead of quietly rewriting the log.
      const event = frozenPlain(emitted);
      this.events.push(event);
      applyEvent(this.state, event);
    }
  }

  /**
   * The state after every event emitted: a new frozen state sharing every untouched part with
   * the state decided on (which is frozen too from then on). Once only; the draft is spent.
   */
  finish(): GameState {
    if (this.finished) throw new Error('Decision.finish() was already called');
    this.finished = true;
    return immerFor(this.freezeStates).finishDraft(this.state) as GameState;
  }
}

/**
 * The state after `events`, copy-on-write like a decision: shares every untouched part with
 * `state`, and both are frozen unless `freezeStates` is false. For events decided elsewhere
 * (another server, a redo).
 */
export const applyEvents = (state: GameState, events: Iterable<GameEvent>, freezeStates = true): GameState =>
  immerFor(freezeStates).produce(state, (draft) => {
    for (const event of events) applyEvent(draft as GameState, event);
  }) as GameState;

/** A decision on a command a seat sent (every command but CreateGame): its seat is known. */
export type PlayDecision = Decision & { readonly seat: number };

export const isPlayDecision = (decision: Decision): decision is PlayDecision => decision.seat !== null;
