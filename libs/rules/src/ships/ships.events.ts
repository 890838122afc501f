export type ShipEvent = never;
