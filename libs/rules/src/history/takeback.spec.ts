import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { sea, stackTile } from '../navigation/testing/sea-kit';
import type { ScenarioDefinition } from '../scenario';
import { effectiveEntries } from './action-stack';
import type { LogCommand } from './decide-with-history';
import { GameHistory } from './game-history';
import { takebackStatus } from './takeback-ledger';
import { TAKEBACK_WINDOW_MS } from './takeback-rules';
import { historyTable, type HistoryTable } from './testing/history-table';
import { refusedBy } from '../testing/decider-spec';

const turn: LogCommand = { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] };
const navigable = (tweak?: (scenario: ScenarioDefinition) => void) =>
  sea({ radius: 1, ship: { hex: { q: 0, r: -1 }, facing: 0 }, stack: [stackTile('t1', 1, 1), stackTile('t2', 1, 1)], tweak });
const lastEvents = (table: HistoryTable): GameEvent[] => {
  const entries = table.history.entries;
  const last = entries[entries.length - 1]?.actionId;
  return entries.filter((e) => e.actionId === last).map((e) => e.event);
};
const later = (time: number, ms: number) => time + ms;

/**
 * Three seats in round 1: seat 1 turned the ship and ended its turn, seat 2 turned it again.
 * `before`: the board before seat 1's turn (what a takeback to it gives back).
 */
function threeSeats() {
  const table = historyTable(navigable(), { players: 3 });
  const before = table.history.state;
  const first = table.send(1, turn);
  const ended = table.send(1, { type: 'EndTurn' });
  const second = table.send(2, turn);
  return { table, before, first, ended, second };
}

const requestOf = (table: HistoryTable) => {
  const request = table.history.takeback;
  if (!request) throw new Error('no request');
  return request;
};

describe('[D §11] takebacks by consent', () => {
  it('a request records what it would take back and leaves the board as it is', () => {
    const { table, first, ended, second } = threeSeats();
    const board = table.history.state;
    table.send(2, { type: 'RequestTakeback', actionId: first });
    expect(lastEvents(table)).toEqual([
      {
        type: 'TakebackRequested',
        data: {
          requestId: table.history.revision,
          seat: 2,
          actionIds: [second, ended, first],
          backTo: table.history.effectiveActions[1]!.firstIndex - 1,
          requestedAt: table.now,
          expiresAt: later(table.now, TAKEBACK_WINDOW_MS),
        },
      },
    ]);
    expect(table.history.state).toBe(board);
    expect(takebackStatus(requestOf(table), table.now)).toBe('open');
  });

  it('accepted by every other seat, it undoes the actions back to the one named, with the undos an Undo records', () => {
    const { table, before, first, ended, second } = threeSeats();
    table.send(2, { type: 'RequestTakeback', actionId: first });
    const { requestId } = requestOf(table);
    const board = table.history.state;
    table.send(3, { type: 'AnswerTakeback', requestId, accept: true });
    expect(lastEvents(table)).toEqual([{ type: 'TakebackAccepted', data: { requestId, seat: 3, at: table.now } }]);
    expect(table.history.state).toBe(board);

    table.send(1, { type: 'AnswerTakeback', requestId, accept: true });
    expect(lastEvents(table)).toEqual([
      { type: 'TakebackAccepted', data: { requestId, seat: 1, at: table.now } },
      ...[second, ended, first].map((actionId) => ({ type: 'ActionUndone', data: { actionId, seat: 2, takeback: requestId } })),
    ]);
    expect(table.history.state).toEqual(before);
    expect(table.history.state.turn?.seat).toBe(1);
    expect(requestOf(table).outcome).toBe('accepted');
    // The game goes on from there: seat 1 plays its turn again.
    table.send(1, turn);
    expect(table.history.state.ships.gull!.facing).toBe(1);
  });

  it('one decline ends it: nothing is undone, and no one answers it any more', () => {
    const { table, first } = threeSeats();
    const board = table.history.state;
    table.send(2, { type: 'RequestTakeback', actionId: first });
    const { requestId } = requestOf(table);
    table.send(3, { type: 'AnswerTakeback', requestId, accept: true });
    table.send(1, { type: 'AnswerTakeback', requestId, accept: false });
    expect(lastEvents(table)).toEqual([{ type: 'TakebackDeclined', data: { requestId, seat: 1, at: table.now } }]);
    expect(table.history.state).toBe(board);
    expect(requestOf(table)).toMatchObject({ outcome: 'declined', by: 1 });
    expect(refusedBy(() => table.send(1, { type: 'AnswerTakeback', requestId, accept: true }))).toBe('takeback.closed');
  });

  it('the requester may withdraw it; nobody else may', () => {
    const { table, first } = threeSeats();
    table.send(2, { type: 'RequestTakeback', actionId: first });
    const { requestId } = requestOf(table);
    expect(refusedBy(() => table.send(1, { type: 'WithdrawTakeback', requestId }))).toBe('takeback.not-your-request');
    table.send(2, { type: 'WithdrawTakeback', requestId });
    expect(lastEvents(table)).toEqual([{ type: 'TakebackWithdrawn', data: { requestId, seat: 2, at: table.now } }]);
    expect(refusedBy(() => table.send(1, { type: 'AnswerTakeback', requestId, accept: true }))).toBe('takeback.closed');
  });

  it('expires when its time runs out: judged from the time each decision records', () => {
    const { table, first } = threeSeats();
    table.send(2, { type: 'RequestTakeback', actionId: first });
    const { requestId, requestedAt } = requestOf(table);
    table.now = later(requestedAt, TAKEBACK_WINDOW_MS - 1);
    table.send(3, { type: 'AnswerTakeback', requestId, accept: true });
    table.now = later(requestedAt, TAKEBACK_WINDOW_MS);
    expect(refusedBy(() => table.send(1, { type: 'AnswerTakeback', requestId, accept: true }))).toBe('takeback.expired');
    // An expired request no longer blocks a new one.
    table.send(3, { type: 'RequestTakeback', actionId: first });
    expect(requestOf(table).requestId).not.toBe(requestId);
  });

  it('expires when the game moves on: any other action', () => {
    const { table, first } = threeSeats();
    table.send(2, { type: 'RequestTakeback', actionId: first });
    const { requestId } = requestOf(table);
    table.send(2, turn);
    expect(requestOf(table).outcome).toBe('moved-on');
    expect(refusedBy(() => table.send(1, { type: 'AnswerTakeback', requestId, accept: true }))).toBe('takeback.expired');
  });

  it('one request at a time', () => {
    const { table, first, second } = threeSeats();
    table.send(2, { type: 'RequestTakeback', actionId: first });
    expect(refusedBy(() => table.send(3, { type: 'RequestTakeback', actionId: second }))).toBe('takeback.already-open');
  });

  it('refuses answers from the requester, a second answer, and an unknown request', () => {
    const { table, first } = threeSeats();
    table.send(2, { type: 'RequestTakeback', actionId: first });
    const { requestId } = requestOf(table);
    expect(refusedBy(() => table.send(2, { type: 'AnswerTakeback', requestId, accept: true }))).toBe('takeback.own-request');
    table.send(3, { type: 'AnswerTakeback', requestId, accept: true });
    expect(refusedBy(() => table.send(3, { type: 'AnswerTakeback', requestId, accept: false }))).toBe('takeback.already-answered');
    expect(refusedBy(() => table.send(1, { type: 'AnswerTakeback', requestId: requestId + 1, accept: true }))).toBe('takeback.unknown-request');
  });

  it('never goes past revealed information', () => {
    const table = historyTable(navigable(), { players: 2 });
    const started = table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'ExploreTile' });
    table.send(1, { type: 'EndNavigation' });
    expect(refusedBy(() => table.send(2, { type: 'RequestTakeback', actionId: started }))).toBe('takeback.revealed');
  });

  it('never goes past the start of the round, nor takes back the game’s creation or an unknown action', () => {
    const { table } = threeSeats();
    table.send(2, { type: 'EndTurn' });
    const roundEnd = table.send(3, { type: 'EndTurn' });
    expect(table.history.state.round).toBe(2);
    expect(refusedBy(() => table.send(1, { type: 'RequestTakeback', actionId: roundEnd }))).toBe('takeback.past-round-start');
    const creation = table.history.effectiveActions[0]!.actionId;
    const alone = historyTable(navigable(), { players: 2 });
    alone.send(1, turn);
    expect(refusedBy(() => alone.send(2, { type: 'RequestTakeback', actionId: creation }))).toBe('takeback.nothing-to-take-back');
    expect(refusedBy(() => alone.send(2, { type: 'RequestTakeback', actionId: 'no-such-action' }))).toBe('takeback.unknown-action');
  });

  it('needs another seat to ask, and is not for sandbox games', () => {
    const solo = historyTable(navigable());
    const moved = solo.send(1, turn);
    expect(refusedBy(() => solo.send(1, { type: 'RequestTakeback', actionId: moved }))).toBe('takeback.no-one-to-ask');
    const sandbox = historyTable(navigable(), { players: 2, mode: 'sandbox' });
    const played = sandbox.send(1, turn);
    expect(refusedBy(() => sandbox.send(2, { type: 'RequestTakeback', actionId: played }))).toBe('takeback.sandbox');
  });

  it('what the seats took back together, one seat does not redo', () => {
    const table = historyTable(navigable(), { players: 2 });
    const moved = table.send(1, turn);
    table.send(2, { type: 'RequestTakeback', actionId: moved });
    table.send(1, { type: 'AnswerTakeback', requestId: requestOf(table).requestId, accept: true });
    expect(table.history.redoable()?.actionId).toBe(moved);
    expect(refusedBy(() => table.send(1, { type: 'Redo' }))).toBe('redo.taken-back');
  });

  it('a request and its answers are not actions: an undo skips them and what could be redone stays', () => {
    const table = historyTable(navigable(), { players: 2 });
    const moved = table.send(1, turn);
    const again = table.send(1, turn);
    table.send(1, { type: 'Undo' });
    table.send(2, { type: 'RequestTakeback', actionId: moved });
    table.send(2, { type: 'WithdrawTakeback', requestId: requestOf(table).requestId });
    expect(table.history.nextRedo?.actionId).toBe(again);
    expect(table.history.lastEffective?.actionId).toBe(moved);
    table.send(1, { type: 'Redo' });
    expect(table.history.state.ships.gull!.facing).toBe(2);
  });

  it('a log with takebacks folds again to the same board, requests and redo stack', () => {
    const { table, first } = threeSeats();
    table.send(2, { type: 'RequestTakeback', actionId: first });
    table.send(3, { type: 'AnswerTakeback', requestId: requestOf(table).requestId, accept: true });
    table.send(1, { type: 'AnswerTakeback', requestId: requestOf(table).requestId, accept: true });
    const moved = table.send(1, turn);
    table.send(2, { type: 'RequestTakeback', actionId: moved });
    const folded = GameHistory.fold(table.history.entries);
    expect(folded.state).toEqual(table.history.state);
    expect(folded.takeback).toEqual(table.history.takeback);
    expect(folded.effectiveEntries()).toEqual(table.history.effectiveEntries());
    expect(foldEvents(effectiveEntries(table.history.entries).map((e) => e.event))).toEqual(table.history.state);
    // Read back in pieces (a catch-up cut inside the accepting action), the same again.
    const pieces = new GameHistory();
    const entries = table.history.entries;
    for (let at = 0; at < entries.length; at += 2) pieces.append(entries.slice(at, at + 2));
    expect(pieces.state).toEqual(table.history.state);
    expect(pieces.takeback).toEqual(table.history.takeback);
  });
});

describe('[D §11] sandbox undo after the end', () => {
  const lastBlessing = () => navigable((s) => void (s.blessings = 1));

  it('undoes the action that ended a sandbox game: it is active again, and redo ends it again', () => {
    const table = historyTable(lastBlessing(), { mode: 'sandbox' });
    const before = table.history.state;
    table.send(1, { type: 'EndTurn' });
    const lost = table.history.state;
    expect(lost.status).toBe('lost');
    expect(table.history.undoable()?.by).toEqual([1]);
    table.send(1, { type: 'Undo' });
    expect(table.history.state).toBe(before);
    expect(table.history.state.status).toBe('active');
    table.send(1, { type: 'Redo' });
    expect(table.history.state).toEqual(lost);
    expect(refusedBy(() => table.send(1, { type: 'Redo' }))).toBe('game.over');
    table.send(1, { type: 'Undo' });
    table.send(1, turn);
    expect(table.history.state.status).toBe('active');
  });

  it('still checks the seat once the sandbox game is over', () => {
    const table = historyTable(lastBlessing(), { mode: 'sandbox' });
    table.send(1, { type: 'EndTurn' });
    expect(refusedBy(() => table.send(9, { type: 'Undo' }))).toBe('seat.unknown');
  });

  it('a standard game keeps refusing once it is over', () => {
    const table = historyTable(lastBlessing());
    table.send(1, { type: 'EndTurn' });
    expect(table.history.state.status).toBe('lost');
    expect(refusedBy(() => table.send(1, { type: 'Undo' }))).toBe('game.over');
    expect(table.history.undoable()?.by).toEqual([]);
  });
});
