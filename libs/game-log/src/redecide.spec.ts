import fc from 'fast-check';
import { decide, effectiveEntries, foldEvents, RuleViolation } from '@logbook/rules';
import { toLogEntries } from './log-entries';
import { CLAIM_SEAT_COMMAND, redecide, type Decide } from './redecide';
import { recordRandomGame } from './testing/recorded-game';

describe("re-decision of a recorded log under today's rules", () => {
  it('passes for every generated game, random undo and redo included, and folds to the same effective state', () => {
    let undone = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom('first-voyage', 'twin-sails'),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('standard' as const, 'sandbox' as const),
        (seed, scenario, players, mode) => {
          const game = recordRandomGame({ seed, scenario, players, mode, commands: 150, undoRedo: 0.2 });
          undone += game.events.filter((e) => e.type === 'ActionUndone').length;
          const result = redecide(game.events);
          expect(result).toMatchObject({ ok: true });
          expect(result.state).toEqual(game.state);
          expect(foldEvents(effectiveEntries(toLogEntries(game.events)).map((e) => e.event))).toEqual(game.state);
        },
      ),
      { numRuns: 12 },
    );
    expect(undone).toBeGreaterThan(0);
  });

  it('reports a deliberately changed rule at the first action it decides differently', () => {
    let reported = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const game = recordRandomGame({ seed, players: 2, mode: 'sandbox', commands: 150, undoRedo: 0.15 });
        // Today's rules, except that turning a ship is refused.
        const changed: Decide = (state, command, context) => {
          if (command.type === 'TurnShip') throw new RuleViolation('test.no-turning', 'no turning today');
          return decide(state, command, context);
        };
        const firstTurn = game.events.find((e) => (e.metadata.command as { type?: string } | undefined)?.type === 'TurnShip');
        const result = redecide(game.events, { decide: changed });
        if (!firstTurn) return expect(result.ok).toBe(true);
        expect(result).toMatchObject({
          ok: false,
          divergence: { actionId: firstTurn.metadata.commandId, revision: firstTurn.revision, commandType: 'TurnShip' },
        });
        if (!result.ok) expect(result.divergence.reason).toContain('test.no-turning');
        reported += 1;
      }),
      // Random seeds may all give games without a turn (Node 24's CI drew eight such): seed 22's game turns a ship five times,
      // so every run checks at least one reported divergence.
      { numRuns: 8, examples: [[22]] },
    );
    expect(reported).toBeGreaterThan(0);
  });

  it('names the event and field when a rule decides other numbers', () => {
    const game = recordRandomGame({ seed: 11, players: 1, commands: 120 });
    // Today's rules, except that the blessings clock is reported one lower.
    const changed: Decide = (state, command, context) =>
      decide(state, command, context).map((event) =>
        event.type === 'BlessingAdvanced' ? ({ ...event, data: { ...event.data, deck: (event.data as { deck: number }).deck - 1 } } as typeof event) : event,
      );
    const first = game.events.find((e) => e.type === 'BlessingAdvanced')!;
    const result = redecide(game.events, { decide: changed });
    expect(result).toMatchObject({ ok: false, divergence: { revision: first.revision, actionId: first.metadata.commandId } });
    if (!result.ok) expect(result.divergence.reason).toMatch(/BlessingAdvanced differs: data\.deck: \d+ then, \d+ today/);
  });

  it('refuses a log whose recorded draws were changed, at that action', () => {
    const game = recordRandomGame({ seed: 8, scenario: 'twin-sails', players: 2, commands: 400 });
    const withDraws = game.events.filter((e) => Array.isArray(e.metadata.draws) && e.revision > 0);
    expect(withDraws.length).toBeGreaterThan(0);
    const target = withDraws[0];
    const tampered = game.events.map((e) => (e === target ? { ...e, metadata: { ...e.metadata, draws: [...(e.metadata.draws as number[]), 1] } } : e));
    const result = redecide(tampered);
    expect(result).toMatchObject({ ok: false, divergence: { revision: target.revision } });
    if (!result.ok) expect(result.divergence.reason).toMatch(/random values/);
  });

  it("refuses an undo that names another action than the one today's history would take back", () => {
    const game = [1, 2, 3, 4, 5, 6, 7, 8]
      .map((seed) => recordRandomGame({ seed, mode: 'sandbox', players: 1, commands: 150, undoRedo: 0.2 }))
      .find((g) => g.events.some((e) => e.type === 'ActionUndone'))!;
    const undo = game.events.find((e) => e.type === 'ActionUndone')!;
    const payload = undo.data as { data: { actionId: string; seat: number } };
    const tampered = game.events.map((e) => (e === undo ? { ...e, data: { ...payload, data: { ...payload.data, actionId: 'c-none' } } } : e));
    const result = redecide(tampered);
    expect(result).toMatchObject({ ok: false, divergence: { revision: undo.revision, commandType: 'Undo' } });
    if (!result.ok) expect(result.divergence.reason).toMatch(/ActionUndone differs: data\.actionId/);
  });

  it('decides a seat claimed into a profile again from the seats it holds, and refuses a second claim of that seat', () => {
    const game = recordRandomGame({ seed: 5, players: 2, commands: 40 });
    const last = game.events[game.events.length - 1]!;
    const claim = (revision: number, playerId: string, name: string) => ({
      ...last,
      id: `claim-${revision}`,
      revision,
      type: 'SeatClaimed',
      data: { data: { seat: 1, playerId, name } },
      metadata: { commandId: `claim-1-${playerId}`, seat: 1, command: { type: CLAIM_SEAT_COMMAND, playerId }, draws: [] },
    });
    const claimed = [...game.events, claim(last.revision + 1, 'p-ana', 'Ana')];
    expect(redecide(claimed)).toMatchObject({ ok: true, state: game.state });
    const twice = [...claimed, claim(last.revision + 2, 'p-bo', 'Bo')];
    expect(redecide(twice)).toMatchObject({ ok: false, divergence: { revision: last.revision + 2, commandType: CLAIM_SEAT_COMMAND, rule: 'seat.claimed' } });
  });

  it('cannot decide again an action recorded before commands were kept, and says so', () => {
    const game = recordRandomGame({ seed: 2, commands: 30 });
    const old = game.events.map((e) => {
      const { command: _c, draws: _d, ...metadata } = e.metadata;
      return { ...e, metadata };
    });
    expect(redecide(old)).toMatchObject({ ok: false, divergence: { actionIndex: 0, revision: 0 } });
  });

  it('says a new game recorded without its scenario document cannot be decided again (not a crash, not a difference)', () => {
    const game = recordRandomGame({ seed: 3, commands: 10 });
    const [created, ...rest] = game.events;
    const { commandSecret: _secret, ...metadata } = created!.metadata;
    const result = redecide([{ ...created!, metadata: { ...metadata, command: { type: 'CreateGame' } } }, ...rest]);
    expect(result).toMatchObject({
      ok: false,
      divergence: { kind: 'unrecorded', actionIndex: 0, commandType: 'CreateGame', reason: expect.stringMatching(/without its scenario document/) },
    });
  });
});
