// [D §11] which actions revealed randomness or hidden information: standard-mode undo never goes
// past one (taking back a die roll or a tile draw would let a player re-roll or scout). Derived
// from the log alone: an event that carries a `secret` part, or one of the types below, whose
// data records a draw from the Rng or shows something hidden until then.
import type { GameEvent, GameEventType } from '../events';

export const REVEALING_EVENT_TYPES: ReadonlySet<GameEventType> = new Set<GameEventType>([
  'CheckAttempted', // dice rolled
  'PlunderRolled', // the plunder table's d6
  'CharacterDamaged', // cards discarded at random from the hand
  'EnemySpawned', // drawn at random from the enemy pool
  'ActAdvanced', // enemy ships drawn from the pool
  'TileExplored', // the unplaced stack's next tile, shown
  'StructuralDamageReduced', // cards from a hand played or discarded: shown to every seat
]);

export const isRevealingEvent = (event: GameEvent): boolean => event.secret !== undefined || REVEALING_EVENT_TYPES.has(event.type);

export const isRevealingAction = (events: readonly GameEvent[]): boolean => events.some(isRevealingEvent);
