import type { Appliers } from '../evolve';
import type { CrewEvent } from './crew.events';

export const crewAppliers: Appliers<CrewEvent> = {};
