// evolve: (state, event) => state. Appliers mutate a private copy; the exported functions
// never touch their input, so folding the same events always gives the same state.
import { own } from './own';
import type { GameEvent } from './events';
import { characterAppliers } from './characters/characters.evolve';
import { checkAppliers } from './checks/check.evolve';
import { crewAppliers } from './crew/crew.evolve';
import { historyAppliers, takebackAppliers } from './history/history.evolve';
import { damageAppliers } from './damage/damage.evolve';
import { enemyAppliers } from './enemies/enemies.evolve';
import { forkAppliers } from './fork/fork.evolve';
import { noteAppliers } from './notes/notes.evolve';
import { migrationAppliers } from './migration/migration.evolve';
import { navigationAppliers } from './navigation/navigation.evolve';
import { plunderAppliers } from './plunder/plunder.evolve';
import { seatAppliers } from './seats/seats.evolve';
import { setupAppliers } from './setup/setup.evolve';
import { shipAppliers } from './ships/ships.evolve';
import { turnAppliers } from './turn/turn.evolve';
import { cloneState, initialState, type GameState } from './state';
import type { Appliers } from './appliers';

const APPLIERS = {
  ...setupAppliers,
  ...turnAppliers,
  ...navigationAppliers,
  ...crewAppliers,
  ...shipAppliers,
  ...damageAppliers,
  ...plunderAppliers,
  ...checkAppliers,
  ...characterAppliers,
  ...enemyAppliers,
  ...historyAppliers,
  ...takebackAppliers,
  ...forkAppliers,
  ...noteAppliers,
  ...migrationAppliers,
  ...seatAppliers,
} satisfies Appliers<GameEvent>;

/**
 * Applies an event to a state the caller owns (mutates it). Appliers copy whatever part of an
 * event they keep in the state (a deck, the stack): later events change the state's copy, and
 * that must never reach back into the log or into an event other subscribers hold. Decisions
 * freeze the events they emit, so an applier that forgets to copy fails in every test.
 */
export function applyEvent(state: GameState, event: GameEvent): void {
  const apply = own(APPLIERS as Record<string, (s: GameState, e: GameEvent) => void>, event.type);
  if (!apply) throw new Error(`No applier for event type ${event.type}`);
  apply(state, event);
}

export function evolve(state: GameState, event: GameEvent): GameState {
  const next = cloneState(state);
  applyEvent(next, event);
  return next;
}

/** Folds events onto a copy of `from` (the initial state by default), cloning once. */
export function foldEvents(events: Iterable<GameEvent>, from: GameState = initialState()): GameState {
  const state = cloneState(from);
  for (const event of events) applyEvent(state, event);
  return state;
}
