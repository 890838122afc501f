import type { DomainEvent } from '../event';

/**
 * [D] An operator moved a game to today's rules (`npm run cli -- migrate`). When today's rules
 * decide one of its actions differently (`divergedAt`), every effective action from that one on
 * was taken back just before, by ActionUndone actions of this migration (`takenBack` of them),
 * so the game goes on from the last action both rules decide the same. The migration is an action
 * of no seat: nothing before it can be undone, and nothing it took back can be redone.
 */
export type GameMigrated = DomainEvent<
  'GameMigrated',
  {
    /** The rules version the log was recorded under (null: recorded before versions were kept). */
    fromVersion: string | null;
    toVersion: string;
    /** The first action today's rules decide differently, or null when they decide every one the same. */
    divergedAt: { actionIndex: number; actionId: string; commandType: string | null; revision: number } | null;
    /** How many effective actions were taken back. */
    takenBack: number;
  }
>;

export type MigrationEvent = GameMigrated;
