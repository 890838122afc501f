import type { Appliers } from '../evolve';
import type { ShipEvent } from './ships.events';

export const shipAppliers: Appliers<ShipEvent> = {};
