// The handler table is keyed by every event type and each handler reads its own event's data: a
// missing type or a field its event lacks is a compile error (checked by `npm run typecheck`,
// whose root tsconfig includes this spec).
import { ANALYTICS_HANDLERS, type AnalyticsHandlers } from './analytics-handlers';
import { ANALYTICS_EVENT_TYPES, foldAnalytics, isAnalyticsEventType } from './game-analytics';

const { ShipTurned: _turned, ...withoutShipTurned } = ANALYTICS_HANDLERS;
// @ts-expect-error ShipTurned has no entry: the table does not compile.
const missingEvent: AnalyticsHandlers = withoutShipTurned;

const misread: Partial<AnalyticsHandlers> = {
  // @ts-expect-error TurnStarted records no clues: a handler cannot read them.
  TurnStarted: (fold, { data }) => void (fold.figures.clues += data.clues),
};

describe('the analytics handlers', () => {
  it('fold exactly the event types the table gives a handler', () => {
    const handled = Object.entries(ANALYTICS_HANDLERS)
      .filter(([, handler]) => handler !== null)
      .map(([type]) => type);
    expect([...ANALYTICS_EVENT_TYPES].sort()).toEqual(handled.sort());
    expect(Object.keys(missingEvent)).not.toContain('ShipTurned');
    expect(Object.keys(misread)).toEqual(['TurnStarted']);
  });

  it('take no type outside the table for one they fold', () => {
    expect(isAnalyticsEventType('TurnStarted')).toBe(true);
    for (const type of ['CrewMoved', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(isAnalyticsEventType(type)).toBe(false);
  });

  it('move only the revision for an event that changes no figure', () => {
    const at = { recordedAt: '2024-01-01T00:00:00.000Z' };
    const f = foldAnalytics('g', [
      { revision: 0, type: 'CrewMoved', data: { shipId: 'gull', crewId: 'c1', from: null, to: 'deck' }, metadata: at },
      { revision: 1, type: 'constructor', data: {}, metadata: at },
    ]).figures;
    expect(f.revision).toBe(1);
    expect(f.lastEventAt).toBeNull();
  });
});
