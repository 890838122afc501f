import type { DomainCommand } from '../event';

/** [D] Crew order: move one crew member of the commanded ship to a free node of its deck. */
export interface MoveCrew extends DomainCommand<'MoveCrew'> {
  crewId: string;
  /** A node id of the ship's deck: 'navigation-1', 'crows-nest', 'artillery-2', 'blank-1', … */
  node: string;
}
/** [D] Crew order: drop anchor (the ship can no longer move or turn). */
export type DropAnchor = DomainCommand<'DropAnchor'>;
/** [D] Crew order: weigh anchor. */
export type WeighAnchor = DomainCommand<'WeighAnchor'>;

export type CrewCommand = MoveCrew | DropAnchor | WeighAnchor;
