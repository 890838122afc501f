import type { DomainCommand } from '../event';

/** [D §6] a character not aboard boards a player ship standing on its hex (free action, own turn). */
export interface Embark extends DomainCommand<'Embark'> {
  shipId: string;
}
/** [D §6] at a port, a character leaves its ship (free action, own turn). */
export type Disembark = DomainCommand<'Disembark'>;
/** [S] a standing choice: move with the commander whenever the ship moves. Any seat, between orders. */
export interface SetFollowShip extends DomainCommand<'SetFollowShip'> {
  follow: boolean;
}

export type CharacterCommand = Embark | Disembark | SetFollowShip;
