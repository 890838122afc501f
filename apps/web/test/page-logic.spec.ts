// The page's pure parts: hex geometry, the timeline built from events or from /timeline, and the
// options offered when the server does not list them.
import { foldEvents } from '@logbook/rules';
import { setupEvents } from '@logbook/rules/testing/fixtures';
import { boardView } from '@logbook/projections';
import { timelineFromEndpoint, timelineFromEvents } from '../src/describe';
import { frontier, hexToPixel, neighbor } from '../src/hex';
import { fallbackOptions, optionsFromEndpoint, viewerSeat } from '../src/options';
import type { RecordedGameEvent } from '../src/types';

describe('hex geometry', () => {
  it('puts north up and north-east up and to the right, as the rules face them', () => {
    const north = hexToPixel(neighbor({ q: 0, r: 0 }, 0), 10);
    const northEast = hexToPixel(neighbor({ q: 0, r: 0 }, 1), 10);
    expect(north.x).toBeCloseTo(0);
    expect(north.y).toBeLessThan(0);
    expect(northEast.x).toBeGreaterThan(0);
    expect(northEast.y).toBeLessThan(0);
  });

  it('rings a single hex with six unexplored neighbours', () => {
    expect(frontier([{ q: 0, r: 0 }])).toHaveLength(6);
  });
});

describe('the timeline', () => {
  const event = (revision: number, type: string, data: Record<string, unknown> = {}, commandId?: string): RecordedGameEvent => ({
    revision,
    type,
    data,
    ...(commandId ? { commandId } : {}),
  });

  it('groups an action’s events and marks an undone action', () => {
    const items = timelineFromEvents([
      event(0, 'GameCreated', { seats: [] }),
      event(1, 'TurnStarted', { round: 1, seat: 1, ordersLeft: 3 }),
      event(2, 'NavigationOrderIssued', { shipId: 'gull', points: 2 }, 'c1'),
      event(3, 'ShipMoved', { shipId: 'gull', from: { q: 0, r: 0 }, to: { q: 0, r: -1 }, cost: 1 }, 'c2'),
      event(4, 'ShipTurned', { shipId: 'gull', from: 0, to: 1, cost: 1 }, 'c2'),
      event(5, 'ActionUndone', { actionId: 'c2', seat: 1 }, 'c3'),
    ]);
    const moved = items.find((i) => i.key === 'c2')!;
    expect(moved).toMatchObject({ from: 3, to: 4, undone: true });
    expect(items.find((i) => i.key === 'c3')!.kind).toBe('undo');
    expect(items.find((i) => i.key === 'c1')!.undone).toBe(false);
  });

  it('reads actions from a nested /timeline answer', () => {
    const items = timelineFromEndpoint({
      rounds: [{ round: 1, turns: [{ seat: 1, actions: [{ actionId: 'a', seat: 1, description: 'moves', revisions: { from: 7, to: 8 }, undone: true }] }] }],
    });
    expect(items).toEqual([expect.objectContaining({ key: 'a', from: 7, to: 8, round: 1, undone: true, description: 'moves' })]);
  });
});

describe('the options a seat is offered', () => {
  const state = foldEvents(setupEvents(undefined, { players: 2 }));
  const view = boardView(state, 5, 1);

  it('knows the viewer’s seat from its own hand', () => {
    expect(viewerSeat(view)).toBe(1);
    expect(viewerSeat(boardView(state, 5, null))).toBeNull();
  });

  it('offers the active seat a Navigation order and the end of the turn, and the other seat nothing', () => {
    const active = view.activeSeat!;
    expect(fallbackOptions(view, active).map((o) => o.command.type)).toEqual(['StartNavigation', 'EndTurn']);
    expect(fallbackOptions(view, active === 1 ? 2 : 1)).toEqual([]);
  });

  it('takes the server’s options in either shape, keeping only the command’s own fields', () => {
    const options = optionsFromEndpoint(
      { options: [{ command: { type: 'TurnShip', direction: 'cw' }, cost: { navigationPoints: 1 } }, { type: 'EndTurn', hidden: false }] },
      view,
      1,
    );
    expect(options.map((o) => o.command)).toEqual([{ type: 'TurnShip', direction: 'cw' }, { type: 'EndTurn' }]);
    expect(options[0].cost).toBe('1 navigation point');
  });
});
