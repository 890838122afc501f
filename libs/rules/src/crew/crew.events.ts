import type { DomainEvent } from '../event';

export type CrewMoved = DomainEvent<'CrewMoved', { shipId: string; crewId: string; from: string | null; to: string }>;
export type AnchorDropped = DomainEvent<'AnchorDropped', { shipId: string }>;
export type AnchorWeighed = DomainEvent<'AnchorWeighed', { shipId: string }>;

export type CrewEvent = CrewMoved | AnchorDropped | AnchorWeighed;
