import type { CharacterEvent } from './characters/characters.events';
import type { CheckEvent } from './checks/check.events';
import type { CrewEvent } from './crew/crew.events';
import type { HistoryEvent } from './history/history.events';
import type { TakebackEvent } from './history/takeback.events';
import type { DamageEvent } from './damage/damage.events';
import type { EnemyEvent } from './enemies/enemies.events';
import type { ForkEvent } from './fork/fork.events';
import type { NoteEvent } from './notes/notes.events';
import type { MigrationEvent } from './migration/migration.events';
import type { NavigationEvent } from './navigation/navigation.events';
import type { PlunderEvent } from './plunder/plunder.events';
import type { SeatEvent } from './seats/seats.events';
import type { SetupEvent } from './setup/setup.events';
import type { ShipEvent } from './ships/ships.events';
import type { TurnEvent } from './turn/turn.events';

/** Every event, one union per feature folder. */
export type GameEvent =
  | SetupEvent
  | TurnEvent
  | NavigationEvent
  | CrewEvent
  | ShipEvent
  | DamageEvent
  | PlunderEvent
  | CheckEvent
  | CharacterEvent
  | EnemyEvent
  | HistoryEvent
  | TakebackEvent
  | ForkEvent
  | NoteEvent
  | MigrationEvent
  | SeatEvent;
export type GameEventType = GameEvent['type'];
export type EventOfType<K extends GameEventType> = Extract<GameEvent, { type: K }>;
