export type ShipCommand = never;
