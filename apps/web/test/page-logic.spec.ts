// The page's pure parts: hex geometry, the server's timeline as a list, and the server's options
// as buttons (from what the server's own code returns for a game).
import { foldEvents, legalCommands } from '@logbook/rules';
import { setupEvents } from '@logbook/rules/testing/fixtures';
import { boardView as projectedView, commandWords, namesOfState } from '@logbook/projections';
import { timelineItems } from '../src/describe';
import { frontier, hexToPixel, neighbor } from '../src/hex';
import { optionsFromEndpoint, viewerSeat } from '../src/options';
import type { GameOptions, Timeline } from '../src/types';

/** What `GET /games/:id` answers: the projection's board view and the game's rules. */
const boardView = (...args: Parameters<typeof projectedView>) => ({
  ...projectedView(...args),
  rules: { createdUnder: null, decidedUnder: null, server: 'today', frozen: null },
});

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
  it('lists the actions of every round and turn in log order, with their round and undone flag', () => {
    const action = (actionId: string, from: number, to: number, type: string, seat: number | null, undone = false) => ({
      actionId,
      seat,
      by: seat === null ? 'The game' : `Seat ${seat}`,
      recordedAt: null,
      type,
      description: `${actionId} described`,
      revisions: { from, to },
      undone,
      redone: false,
    });
    const timeline: Timeline = {
      gameId: 'g',
      revision: 9,
      actions: 4,
      notes: [],
      rounds: [
        { round: 0, turns: [{ turn: 0, seat: null, by: 'The game', startedAt: 0, actions: [action('setup', 0, 1, 'GameCreated', null)] }] },
        {
          round: 1,
          turns: [
            { turn: 1, seat: 1, by: 'Seat 1', startedAt: 1, actions: [action('a', 2, 3, 'MoveShip', 1, true), action('u', 4, 4, 'Undo', 1)] },
            { turn: 2, seat: 2, by: 'Seat 2', startedAt: 4, actions: [action('r', 5, 9, 'Redo', 2)] },
          ],
        },
      ],
    };
    expect(timelineItems(timeline)).toEqual([
      { key: 'setup', from: 0, to: 1, round: 0, description: 'setup described', undone: false, kind: 'system' },
      { key: 'a', from: 2, to: 3, round: 1, description: 'a described', undone: true, kind: 'action' },
      { key: 'u', from: 4, to: 4, round: 1, description: 'u described', undone: false, kind: 'undo' },
      { key: 'r', from: 5, to: 9, round: 1, description: 'r described', undone: false, kind: 'redo' },
    ]);
  });
});

describe('the options a seat is offered', () => {
  const state = foldEvents(setupEvents(undefined, { players: 2 }));
  const view = boardView(state, 5, 1);
  /** What `GET /games/:id/options` answers, made by the server's own functions. */
  const answer = (seat: number): GameOptions => ({
    revision: 5,
    seat,
    waitingFor: view.waitingFor,
    options: legalCommands(state, seat).map((o) => ({ ...o, label: commandWords(o.command.type)!.label(o.command, namesOfState(state)) })),
  });

  it('knows the viewer’s seat from its own hand', () => {
    expect(viewerSeat(view)).toBe(1);
    expect(viewerSeat(boardView(state, 5, null))).toBeNull();
  });

  it('offers what the server lists, with its labels, groups and costs', () => {
    const active = view.activeSeat!;
    const options = optionsFromEndpoint(answer(active), view, active);
    expect(options.map((o) => o.command.type)).toEqual(answer(active).options.map((o) => o.command.type));
    const start = options.find((o) => o.command.type === 'StartNavigation')!;
    expect(start).toMatchObject({ group: 'navigation', label: answer(active).options.find((o) => o.command.type === 'StartNavigation')!.label });
    expect(start.cost).toBe('1 order');
    expect(options.find((o) => o.command.type === 'EndTurn')).toMatchObject({ group: 'turn', hiddenDependent: false });
  });

  it('writes a cost in words, navigation points first', () => {
    const options = optionsFromEndpoint(
      {
        revision: 5,
        seat: 1,
        waitingFor: view.waitingFor,
        options: [{ command: { type: 'EndTurn' }, cost: { orders: 2, navigationPoints: 1 }, label: 'End' }],
      },
      view,
      1,
    );
    expect(options[0].cost).toBe('1 navigation point, 2 orders');
  });
});
