import type { DomainEvent } from '../event';
import type { DieRoll } from './check';

/** What a check is for: the subject is the card, enemy or hex it is attempted against. */
export type CheckKind = 'defeat' | 'repair' | 'repel' | 'purge';

/** [S §4] one step of a check; every die rolled is recorded, so replay never rolls again. */
export type CheckAttempted = DomainEvent<
  'CheckAttempted',
  {
    seat: number | null;
    characterId: string;
    check: CheckKind;
    subject: string;
    /** 0-based step of a THEN chain, and how many steps the check has. */
    step: number;
    steps: number;
    option: { index: number; skills: string[]; difficulty: number };
    /** The skill or feat used; null when the character had none of the option's skills (d4). */
    skill: string | null;
    /** Boons played (revealed, then discarded). */
    boons: string[];
    dice: DieRoll[];
    bonus: number;
    total: number;
    difficulty: number;
    success: boolean;
  }
>;

export type CheckEvent = CheckAttempted;
