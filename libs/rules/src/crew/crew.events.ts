export type CrewEvent = never;
