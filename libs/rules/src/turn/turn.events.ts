import type { DomainEvent } from '../event';

export type TurnStarted = DomainEvent<'TurnStarted', { seat: number; round: number; ordersLeft: number }>;
export type TurnEnded = DomainEvent<'TurnEnded', { seat: number; round: number }>;

export type TurnEvent = TurnStarted | TurnEnded;
