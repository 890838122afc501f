// Test kit for the ships, characters and plunder rules: "the first voyage, arranged". Decks keep
// the scenario's order (so hands are known), box draws take the last card of their type, and the
// setup plunder roll is given, so every given/when/then states exactly the cards it relies on.
import type { GameCommand } from '../../commands';
import { decide } from '../../decide';
import type { GameEvent } from '../../events';
import { foldEvents } from '../../evolve';
import { scriptedRng, type Rng } from '../../random';
import type { ScenarioDefinition } from '../../scenario';
import { initialState, type GameState } from '../../state';
import { createGameCommand, firstVoyage } from '../../testing/fixtures';

/**
 * A source for arranged setups: 0-based picks answer the highest index (a Fisher-Yates shuffle
 * keeps its order, a box draw takes the type's last card); dice answer from `dice` in order.
 */
export const arrangedRng = (dice: number[]): Rng => {
  const queue = [...dice];
  return {
    int(min, max) {
      if (min === 0) return max;
      const value = queue.shift();
      if (value === undefined) throw new Error(`arrangedRng: no die left for int(${min}, ${max})`);
      return value;
    },
  };
};

export interface ArrangedOptions {
  players?: number;
  /** Setup dice: the plunder roll of each player ship (default [1]: a weapon, the Boarding Axe). */
  dice?: number[];
  tweak?: (scenario: ScenarioDefinition) => void;
}

/**
 * The first voyage, arranged. Seat 1 plays Captain Ysolde, holding cutlass, boarding-axe,
 * hull-plates, spyglass, first-mate; seat 2 Tamsin Quill, holding spark, calm-waters,
 * leather-armor, grapnel, ships-cat. The Gull (reduceStructuralDamage 1) starts at (0,0) facing N
 * with the Red Lantern (lantern-1) adjacent at (0,1), and one plunder card under it.
 */
export function arrangedGame(options: ArrangedOptions = {}): GameEvent[] {
  const scenario = firstVoyage();
  options.tweak?.(scenario);
  const command = createGameCommand(scenario, { players: options.players ?? 1 });
  return decide(initialState(), command, { seat: null, rng: arrangedRng(options.dice ?? [1]) });
}

export interface PlayOptions {
  seat?: number;
  rolls?: number[];
}

/** The events after `command` is accepted (throws a RuleViolation when it is rejected). */
export function play(events: GameEvent[], command: GameCommand, options: PlayOptions = {}): GameEvent[] {
  const state = foldEvents(events);
  const seat = options.seat ?? state.turn?.seat ?? null;
  return [...events, ...decide(state, command, { seat, rng: scriptedRng(options.rolls ?? []) })];
}

export const stateOf = (events: GameEvent[]): GameState => foldEvents(events);

export const eventsOfType = <K extends GameEvent['type']>(events: GameEvent[], type: K) =>
  events.filter((e): e is Extract<GameEvent, { type: K }> => e.type === type);

/** Given-events that arrange a state directly, as a past game would have produced them. */
export const wreck = (shipId = 'gull'): GameEvent => ({ type: 'ShipWrecked', data: { shipId } });

export const enemyOnDeck = (node = 'blank-1', enemyId = 'enemy-1', shipId = 'gull'): GameEvent => ({
  type: 'EnemySpawned',
  data: {
    shipId,
    enemyId,
    kind: 'drowned-sailor',
    name: 'Drowned Sailor',
    check: { steps: [{ options: [{ skills: ['Strength', 'Melee'], difficulty: 6 }] }] },
    node,
    reason: 'test',
  },
});
