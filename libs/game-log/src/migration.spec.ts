import type { NewEvent, RecordedEvent } from '@logbook/event-store';
import { decide, foldEvents, RuleViolation, type GameMigrated } from '@logbook/rules';
import { effectiveHistory } from './effective-fold';
import { planMigration } from './migration';
import { redecide, type Decide } from './redecide';
import { logRulesVersion } from './rules-versions';
import { recordRandomGame } from './testing/recorded-game';

/** Today's rules, except that turning a ship is refused: a rules change some games never meet. */
const noTurning: Decide = (state, command, context) => {
  if (command.type === 'TurnShip') throw new RuleViolation('test.no-turning', 'no turning today');
  return decide(state, command, context);
};

/** `events` appended after `log`, as the store would record them. */
const appended = (log: readonly RecordedEvent[], events: readonly NewEvent[]): RecordedEvent[] => {
  const last = log[log.length - 1]!;
  return events.map((e, i) => ({
    ...last,
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: e.metadata ?? {},
    revision: last.revision + 1 + i,
    position: last.position + BigInt(i + 1),
  }));
};

const input = { gameId: 'g', toVersion: 'today', migrationId: 'migrate-1', recordedAt: '2026-12-02T07:00:00.000Z', decide: noTurning };

describe('migrating a game to changed rules', () => {
  // A game that turned a ship (affected by the change) and kept playing after it, undo and redo included.
  const game = recordRandomGame({ seed: 4, players: 2, mode: 'sandbox', commands: 150, undoRedo: 0.15 });
  const firstTurn = game.events.find((e) => (e.metadata.command as { type?: string } | undefined)?.type === 'TurnShip')!;

  it('takes back every effective action from the first one the new rules decide differently, and records GameMigrated', () => {
    expect(firstTurn).toBeDefined();
    const plan = planMigration(game.events, input);
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.divergence).toMatchObject({ actionId: firstTurn.metadata.commandId, commandType: 'TurnShip' });
    const log = [...game.events, ...appended(game.events, plan.events)];
    const migrated = log[log.length - 1]!;
    expect(migrated.type).toBe('GameMigrated');
    expect((migrated.data as { data: GameMigrated['data'] }).data).toMatchObject({
      fromVersion: null,
      toVersion: 'today',
      divergedAt: { actionId: firstTurn.metadata.commandId, commandType: 'TurnShip' },
      takenBack: plan.events.length - 1,
    });
    // What is left in effect was all recorded before the divergent action, and nothing can be redone.
    const history = effectiveHistory(log);
    const kept = new Set(history.effectiveActions.map((a) => a.actionId));
    for (const event of game.events) if (kept.has(String(event.metadata.commandId))) expect(event.revision).toBeLessThan(firstTurn.revision);
    expect(history.nextRedo).toBeUndefined();
    expect(history.lastEffective?.actionId).toBe('migrate-1');
    expect(history.undoable()).toBeNull();
    // The board is the fold of what is kept (actions undone by the players before the migration stay undone).
    expect(history.state).toEqual(foldEvents(history.effectiveActions.flatMap((a) => a.entries.map((e) => e.event))));
    expect(history.effectiveActions.length).toBeGreaterThan(1);
    // The migrated log decides the same under the new rules, and records their version.
    expect(redecide(log, { decide: noTurning })).toMatchObject({ ok: true });
    expect(redecide(game.events, { decide: noTurning })).toMatchObject({ ok: false });
    expect(logRulesVersion(log)).toBe('today');
  });

  it('only records the version when the new rules decide every action the same', () => {
    const calm = recordRandomGame({ seed: 4, players: 2, mode: 'sandbox', commands: 150, undoRedo: 0.15 });
    const plan = planMigration(calm.events, { ...input, decide });
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.events.map((e) => e.type)).toEqual(['GameMigrated']);
    expect(plan.migrated).toMatchObject({ divergedAt: null, takenBack: 0 });
  });

  it('refuses a log whose migration leaves actions it took out of the game in effect', () => {
    const plan = planMigration(game.events, input);
    if (!plan.ok) throw new Error(plan.reason);
    // The GameMigrated alone, without the take-backs: the turned ship would stay on the board unchecked.
    const forged = [...game.events, ...appended(game.events, plan.events.slice(-1))];
    const result = redecide(forged, { decide: noTurning });
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) expect(result.divergence.reason).toContain('took out of the game in effect');
  });

  it('refuses a game whose start the new rules decide differently: nothing of it can be kept', () => {
    const noGames: Decide = (state, command, context) => {
      if (command.type === 'CreateGame') throw new RuleViolation('test.no-games', 'no games today');
      return decide(state, command, context);
    };
    expect(planMigration(game.events, { ...input, decide: noGames })).toMatchObject({ ok: false, reason: expect.stringContaining('start') });
  });
});
