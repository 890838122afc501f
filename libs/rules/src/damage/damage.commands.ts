import type { CheckChoice } from '../checks/check';
import type { DomainCommand } from '../event';

/** [S] at the start of the commander's turn, once, before any order: the ship card's repair check. */
export interface AttemptRepair extends DomainCommand<'AttemptRepair'>, CheckChoice {}
/** [S] steps 2–3 of structural damage, from any seat: cards played for their power, cards discarded for 1 each. */
export interface ReduceStructuralDamage extends DomainCommand<'ReduceStructuralDamage'> {
  play?: string[];
  discard?: string[];
}
/** [D] the active seat closes the response window: step 4 applies. */
export type ResolveStructuralDamage = DomainCommand<'ResolveStructuralDamage'>;

export type DamageCommand = AttemptRepair | ReduceStructuralDamage | ResolveStructuralDamage;
