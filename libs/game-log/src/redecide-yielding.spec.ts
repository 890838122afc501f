// Deciding a long log again on a server: the event loop gets its turns while it runs, and the
// answer is the one `redecide` gives, accepted or refused.
import { redecide, redecideYielding } from './redecide';
import { recordRandomGame } from './testing/recorded-game';
import { turnsDuring } from '@logbook/event-store/testing/turns-during';

describe('redecideYielding', () => {
  const game = recordRandomGame({ seed: 3, scenario: 'first-voyage', players: 2, mode: 'sandbox', commands: 3000, undoRedo: 0.2 });
  const actions = redecide(game.events).actions;

  it('gives the event loop a turn after every few actions, and accepts what redecide accepts', async () => {
    expect(actions).toBeGreaterThan(100);
    const { result, turns } = await turnsDuring(() => redecideYielding(game.events, { actionsPerTurn: 20 }));
    expect(result.ok).toBe(true);
    expect(result.actions).toBe(actions);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(actions / 20) - 1);
  });

  it('refuses a tampered log at the same action as redecide', async () => {
    const events = game.events.map((e) => ({ ...e }));
    const at = events.findIndex((e, i) => i > events.length / 2 && e.type === 'TurnStarted');
    expect(at).toBeGreaterThan(0);
    const payload = events[at]?.data as { data: Record<string, unknown> };
    events[at] = { ...(events[at] as (typeof events)[number]), data: { ...payload, data: { ...payload.data, round: 99 } } };
    const refused = redecide(events);
    expect(refused.ok).toBe(false);
    expect(await redecideYielding(events, { actionsPerTurn: 20 })).toEqual(refused);
  });
});
