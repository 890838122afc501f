// Moving a game to today's rules (`npm run cli -- migrate`): decide its log again, and when an
// action decides differently, take back every effective action from that one on, then record
// the migration. The game goes on from the last action both rules decide the same: nothing the
// old rules decided is changed in place, and nothing today's rules refuse stays on the board.
import type { NewEvent } from '@logbook/event-store';
import type { GameEvent, GameMigrated } from '@logbook/rules';
import { actionMetadata, groupActions, type ActionRecord } from './action-metadata';
import { effectiveHistory } from './effective-fold';
import { commandFingerprint } from './fingerprint';
import { toNewEvents } from './game-events';
import { MIGRATE_COMMAND, redecide, type Decide, type Divergence, type LogEvent } from './redecide';
import { logRulesVersion } from './rules-versions';
import type { RecordedEvent } from '@logbook/event-store';

export interface MigrationInput {
  gameId: string;
  /** The version the migration moves the game to: today's. */
  toVersion: string;
  /** Names the migration's actions (`<migrationId>`, `<migrationId>-take-back-<n>`). */
  migrationId: string;
  recordedAt: string;
  decide?: Decide;
}

export type MigrationPlan =
  | { ok: true; migrated: GameMigrated['data']; divergence: Divergence | null; events: NewEvent[]; actions: number }
  | { ok: false; reason: string; divergence?: Divergence };

/** The events that migrate `events` (a whole game's log) to `input.toVersion`, to append after its last revision. */
export function planMigration(events: readonly LogEvent[], input: MigrationInput): MigrationPlan {
  const checked = redecide(events, input.decide ? { decide: input.decide } : {});
  const divergence = checked.ok ? null : checked.divergence;
  if (divergence?.kind === 'unrecorded') return { ok: false, reason: `it cannot be decided again: ${divergence.reason}`, divergence };
  if (divergence?.actionIndex === 0)
    return { ok: false, reason: "today's rules decide its start differently: nothing of it can be kept (start a new game)", divergence };
  const actions = groupActions(events as RecordedEvent[]);
  const firstRevision = new Map(actions.map((a) => [a.actionId, a.events[0]?.revision ?? 0]));
  const divergedFrom = divergence ? (firstRevision.get(divergence.actionId) ?? 0) : Number.POSITIVE_INFINITY;
  // The effective actions recorded from the divergent one on: a top part of the stack (an undo
  // stack stays in the order its actions were recorded), taken back from the top.
  const takeBack = effectiveHistory(events as RecordedEvent[])
    .effectiveActions.filter((a) => (firstRevision.get(a.actionId) ?? 0) >= divergedFrom)
    .reverse();
  const migrated: GameMigrated['data'] = {
    fromVersion: logRulesVersion(events),
    toVersion: input.toVersion,
    divergedAt: divergence
      ? { actionIndex: divergence.actionIndex, actionId: divergence.actionId, commandType: divergence.commandType, revision: divergence.revision }
      : null,
    takenBack: takeBack.length,
  };
  const out: NewEvent[] = [];
  const record = (commandId: string, command: ActionRecord['command'], event: GameEvent) => {
    const { first, rest } = actionMetadata({ commandId, seat: null, recordedAt: input.recordedAt, command, commandFingerprint: commandFingerprint(command) });
    out.push(...toNewEvents(input.gameId, commandId, [event], rest, first));
  };
  takeBack.forEach((action, i) =>
    record(
      `${input.migrationId}-take-back-${i + 1}`,
      { type: MIGRATE_COMMAND, takeBack: action.actionId },
      {
        type: 'ActionUndone',
        data: { actionId: action.actionId, seat: action.seat ?? 0 },
      },
    ),
  );
  record(input.migrationId, { type: MIGRATE_COMMAND, fromVersion: migrated.fromVersion, toVersion: input.toVersion }, { type: 'GameMigrated', data: migrated });
  return { ok: true, migrated, divergence, events: out, actions: checked.actions };
}
