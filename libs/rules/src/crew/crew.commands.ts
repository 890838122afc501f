export type CrewCommand = never;
