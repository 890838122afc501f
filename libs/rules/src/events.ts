import type { CrewEvent } from './crew/crew.events';
import type { ForkEvent } from './fork/fork.events';
import type { NavigationEvent } from './navigation/navigation.events';
import type { SetupEvent } from './setup/setup.events';
import type { ShipEvent } from './ships/ships.events';
import type { TurnEvent } from './turn/turn.events';

export type GameEvent = SetupEvent | TurnEvent | NavigationEvent | CrewEvent | ShipEvent | ForkEvent;
export type GameEventType = GameEvent['type'];
export type EventOfType<K extends GameEventType> = Extract<GameEvent, { type: K }>;
