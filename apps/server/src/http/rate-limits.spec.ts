import type { ConfigService } from '@nestjs/config';
import { RATE_BUDGETS, RateBudgets, RateLimitedError } from './rate-limits';

const budgets = (on = true) => new RateBudgets({ getOrThrow: () => on } as unknown as ConfigService);

describe('rate budgets', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('admits a client up to its budget, then refuses with the seconds until the window ends', () => {
    const b = budgets();
    for (let i = 0; i < RATE_BUDGETS.creates.limit; i++) expect(b.admit('creates', '10.0.0.1', 1)).toBeUndefined();
    jest.advanceTimersByTime(15_000);
    const refused = b.admit('creates', '10.0.0.1', 1);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused).toMatchObject({ budget: 'creates', retryAfterSeconds: 45 });
    // Another client, and another budget of the same client, are counted apart.
    expect(b.admit('creates', '10.0.0.2', 1)).toBeUndefined();
    expect(b.admit('commands', '10.0.0.1', 1)).toBeUndefined();
    // A new window, a new budget.
    jest.advanceTimersByTime(45_000);
    expect(b.admit('creates', '10.0.0.1', 1)).toBeUndefined();
  });

  it('charges a byte budget by what was sent: the export after the client has had its bytes is refused', () => {
    const b = budgets();
    expect(b.admit('exportBytes', 'c', 0)).toBeUndefined();
    b.charge('exportBytes', 'c', RATE_BUDGETS.exportBytes.limit - 1);
    expect(b.admit('exportBytes', 'c', 0)).toBeUndefined();
    b.charge('exportBytes', 'c', 1);
    expect(b.admit('exportBytes', 'c', 0)).toMatchObject({ budget: 'exportBytes' });
    expect(b.admit('exportBytes', 'other', 0)).toBeUndefined();
  });

  it('refuses nothing with LOGBOOK_RATE_LIMITS=off', () => {
    const b = budgets(false);
    b.charge('exportBytes', 'c', 10 * RATE_BUDGETS.exportBytes.limit);
    for (let i = 0; i <= RATE_BUDGETS.creates.limit; i++) expect(b.admit('creates', 'c', 1)).toBeUndefined();
    expect(b.admit('exportBytes', 'c', 0)).toBeUndefined();
  });
});
