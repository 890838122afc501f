// Who plays a seat: a fold of the whole log that no undo changes; handovers are decided by the
// rules (allowed at any moment of a running game) and are no game action for the history.
import type { GameEvent } from '../events';
import { effectiveEntries } from '../history/action-stack';
import { GameHistory } from '../history/game-history';
import type { LogEntry } from '../history/log-entry';
import { decideAndApply } from '../decide';
import { initialState } from '../state';
import { createGameCommand, firstVoyage } from '../testing/fixtures';
import { seededRng } from '../random';
import { decideSeatControl, seatBots } from './seat-bots';
import { refusedBy } from '../testing/decider-spec';

const handed = (seat: number, bot: string): GameEvent => ({ type: 'SeatHandedToBot', data: { seat, bot, by: 'seat' } });
const back = (seat: number): GameEvent => ({ type: 'SeatTakenBack', data: { seat } });

describe('the seats bots play', () => {
  it('folds handovers and take-backs in log order, whatever else the log holds', () => {
    const log: GameEvent[] = [handed(2, 'greedy'), { type: 'TurnEnded', data: { seat: 1 } } as unknown as GameEvent, handed(1, 'random'), back(2)];
    expect([...seatBots(log)]).toEqual([[1, 'random']]);
  });

  it('are recorded with a new game for the players that name a bot, after every draw of the setup', () => {
    const command = { ...createGameCommand(firstVoyage(), { players: 2 }), players: [{ name: 'Player 1' }, { name: 'Player 2', bot: 'greedy' }] };
    const created = decideAndApply(initialState(), command, { seat: null, rng: seededRng(7) });
    const plain = decideAndApply(initialState(), createGameCommand(firstVoyage(), { players: 2 }), { seat: null, rng: seededRng(7) });
    expect(created.events.slice(0, -1)).toEqual(plain.events);
    const types = created.events.map((e) => e.type);
    expect(types[types.length - 1]).toBe('SeatHandedToBot');
    expect(created.events[created.events.length - 1]).toEqual({ type: 'SeatHandedToBot', data: { seat: 2, bot: 'greedy', by: 'setup' } });
    expect([...seatBots(created.events)]).toEqual([[2, 'greedy']]);
  });
});

describe('handing a seat over and taking it back', () => {
  const game = () => decideAndApply(initialState(), createGameCommand(firstVoyage(), { players: 2 }), { seat: null, rng: seededRng(7) }).state;

  it('hands a player’s seat to a bot and gives it back', () => {
    const state = game();
    expect(decideSeatControl(state, new Map(), { seat: 2, bot: 'greedy', by: 'operator' })).toEqual([
      { type: 'SeatHandedToBot', data: { seat: 2, bot: 'greedy', by: 'operator' } },
    ]);
    expect(decideSeatControl(state, new Map([[2, 'greedy']]), { seat: 2, bot: null, by: 'seat' })).toEqual([back(2)]);
  });

  it('refuses seat.already-bot, seat.not-bot, seat.unknown and game.over', () => {
    const state = game();
    expect(refusedBy(() => decideSeatControl(state, new Map([[2, 'greedy']]), { seat: 2, bot: 'random', by: 'seat' }))).toBe('seat.already-bot');
    expect(refusedBy(() => decideSeatControl(state, new Map(), { seat: 2, bot: null, by: 'seat' }))).toBe('seat.not-bot');
    expect(refusedBy(() => decideSeatControl(state, new Map(), { seat: 3, bot: 'greedy', by: 'operator' }))).toBe('seat.unknown');
    expect(refusedBy(() => decideSeatControl({ ...state, status: 'lost' }, new Map(), { seat: 1, bot: 'greedy', by: 'seat' }))).toBe('game.over');
  });
});

describe('a handover in the history', () => {
  const entry = (actionId: string, seat: number, type: string, data: unknown = {}): LogEntry =>
    ({ actionId, seat, event: { type, data } }) as unknown as LogEntry;
  const ids = (entries: LogEntry[]) => entries.map((e) => e.actionId);

  it('is never what an undo takes back, and leaves what could be redone redoable', () => {
    const log = [
      entry('a', 1, 'X'),
      entry('u-a', 1, 'ActionUndone', { actionId: 'a', seat: 1 }),
      entry('h', 2, 'SeatHandedToBot', { seat: 2, bot: 'greedy', by: 'seat' }),
      entry('r-a', 1, 'ActionRedone', { actionId: 'a', seat: 1 }),
    ];
    expect(ids(effectiveEntries(log))).toEqual(['a']);
    const setup = decideAndApply(initialState(), createGameCommand(firstVoyage(), { players: 2 }), { seat: null, rng: seededRng(7) });
    const history = GameHistory.fold([
      ...setup.events.map((event) => ({ actionId: 'create', seat: null, event })),
      entry('h', 2, 'SeatHandedToBot', { seat: 2, bot: 'greedy', by: 'seat' }),
    ]);
    expect(history.lastEffective?.actionId).toBe('create');
    expect(history.state).toEqual(setup.state);
    // Still in the log, so the seats' fold sees it.
    expect([...seatBots(history.entries.map((e) => e.event))]).toEqual([[2, 'greedy']]);
  });
});
