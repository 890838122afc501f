import { foldEvents } from '../evolve';
import type { GameEvent } from '../events';
import { cw, end, sea, start, LOOKOUT, NAVIGATOR, stackTile } from '../navigation/testing/sea-kit';
import { firstVoyage } from '../testing/fixtures';
import { effectiveEntries } from './action-stack';
import type { LogEntry } from './log-entry';
import { decideWithHistory } from './decide-with-history';
import { GameHistory } from './game-history';
import { historyTable } from './testing/history-table';
import { refusedBy } from '../testing/decider-spec';

const entry = (actionId: string, type: string): LogEntry => ({ actionId, seat: 1, event: { type, data: {} } }) as unknown as LogEntry;
const undo = (actionId: string): LogEntry => ({ actionId: `u-${actionId}`, seat: 1, event: { type: 'ActionUndone', data: { actionId, seat: 1 } } });
const redo = (actionId: string): LogEntry => ({ actionId: `r-${actionId}`, seat: 1, event: { type: 'ActionRedone', data: { actionId, seat: 1 } } });
const ids = (entries: LogEntry[]) => entries.map((e) => `${e.actionId}:${e.event.type}`);

describe('effectiveEntries', () => {
  it('groups consecutive events of an action and removes an undone action whole', () => {
    const log = [entry('a', 'X'), entry('b', 'Y'), entry('b', 'Z'), undo('b')];
    expect(ids(effectiveEntries(log))).toEqual(['a:X']);
  });

  it('puts a redone action back in place, and leaves the undo/redo events out', () => {
    const log = [entry('a', 'X'), entry('b', 'Y'), undo('b'), undo('a'), redo('a'), redo('b')];
    expect(ids(effectiveEntries(log))).toEqual(['a:X', 'b:Y']);
  });

  it('forgets what could be redone once a new action is taken', () => {
    const log = [entry('a', 'X'), entry('b', 'Y'), undo('b'), entry('c', 'Z'), redo('b')];
    expect(ids(effectiveEntries(log))).toEqual(['a:X', 'c:Z']);
  });
});

// A small disc with the ship on its north rim facing out: the faced hex (0,-2) is uncovered.
const navigable = () =>
  sea({
    radius: 1,
    ship: { hex: { q: 0, r: -1 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] },
    stack: [stackTile('t1', 1, 1), stackTile('t2', 1, 1)],
  });

describe('undo and redo in standard mode', () => {
  it('takes back the seat’s last action: the board is the one before it, and the log keeps both', () => {
    const table = historyTable(navigable());
    const before = table.history.state;
    const moved = table.send(1, { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] });
    expect(table.history.state.ships.gull.facing).toBe(1);
    table.send(1, { type: 'Undo' });
    expect(table.history.state).toBe(before);
    const last = table.history.entries[table.history.entries.length - 1].event;
    expect(last).toEqual({ type: 'ActionUndone', data: { actionId: moved, seat: 1 } });
  });

  it('redo re-applies exactly the recorded events, and gives the same board', () => {
    const table = historyTable(navigable());
    table.send(1, { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] });
    const after = table.history.state;
    const effective = table.history.effectiveEntries();
    table.send(1, { type: 'Undo' });
    table.send(1, { type: 'Redo' });
    expect(table.history.state).toEqual(after);
    expect(table.history.effectiveEntries()).toEqual(effective);
  });

  it('undo.nothing-to-undo: nothing but the game’s creation', () => {
    const table = historyTable(navigable());
    expect(refusedBy(() => table.send(1, { type: 'Undo' }))).toBe('undo.nothing-to-undo');
  });

  it('redo.nothing-to-redo: nothing was undone, or a new action cleared it', () => {
    const table = historyTable(navigable());
    expect(refusedBy(() => table.send(1, { type: 'Redo' }))).toBe('redo.nothing-to-redo');
    table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'Undo' });
    table.send(1, { type: 'StartNavigation' });
    expect(refusedBy(() => table.send(1, { type: 'Redo' }))).toBe('redo.nothing-to-redo');
  });

  it('undo.not-your-action: another seat’s action', () => {
    const table = historyTable(navigable(), { players: 2 });
    table.send(1, { type: 'StartNavigation' });
    expect(refusedBy(() => table.send(2, { type: 'Undo' }))).toBe('undo.not-your-action');
  });

  it('redo.not-your-action: another seat’s undone action', () => {
    const table = historyTable(navigable(), { players: 2 });
    table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'Undo' });
    expect(refusedBy(() => table.send(2, { type: 'Redo' }))).toBe('redo.not-your-action');
  });

  it('undo.not-this-turn: an action that ended the turn', () => {
    const table = historyTable(navigable(), { players: 2 });
    table.send(1, { type: 'EndTurn' });
    expect(refusedBy(() => table.send(1, { type: 'Undo' }))).toBe('undo.not-this-turn');
  });

  it('undo.revealed: an explore showed the next tile', () => {
    const table = historyTable(navigable());
    table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'ExploreTile' });
    expect(refusedBy(() => table.send(1, { type: 'Undo' }))).toBe('undo.revealed');
  });

  it('undo.window-open: a response window is open', () => {
    const twoNavigators = [NAVIGATOR, { ...NAVIGATOR, crewId: 'ash', node: 'navigation-2' }];
    const scenario = sea({ storms: [{ q: 0, r: 0 }], ship: { card: 'iron-widow', crew: twoNavigators } });
    const table = historyTable(scenario);
    table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'TurnShip', direction: 'cw' }); // [N] turning on a storm: 1 structural damage
    expect(table.history.state.pending?.kind).toBe('structural-damage');
    expect(refusedBy(() => table.send(1, { type: 'Undo' }))).toBe('undo.window-open');
  });

  it('says what can be undone and redone now, and by whom', () => {
    const table = historyTable(navigable(), { players: 2 });
    expect(table.history.undoable()).toBeNull();
    const started = table.send(1, { type: 'StartNavigation' });
    expect(table.history.undoable()).toMatchObject({ actionId: started, seat: 1, by: [1] });
    table.send(1, { type: 'Undo' });
    expect(table.history.redoable()).toMatchObject({ actionId: started, seat: 1, by: [1] });
    expect(table.history.undoable()).toBeNull();
  });

  it('undo and redo are never undone themselves: the undo after a redo takes back the action again', () => {
    const table = historyTable(navigable());
    const started = table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'Undo' });
    table.send(1, { type: 'Redo' });
    expect(table.history.undoable()?.actionId).toBe(started);
  });
});

describe('undo in sandbox mode', () => {
  it('takes any action back, across turns and draws, back to the start', () => {
    const table = historyTable(navigable(), { players: 2, mode: 'sandbox' });
    const start = table.history.state;
    table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'ExploreTile' });
    table.send(1, { type: 'EndNavigation' });
    table.send(1, { type: 'EndTurn' });
    table.send(2, { type: 'EndTurn' });
    let undone = 0;
    while (table.history.undoable()) {
      table.send(2, { type: 'Undo' });
      undone++;
    }
    expect(undone).toBe(5);
    expect(table.history.state).toEqual(start);
    expect(refusedBy(() => table.send(1, { type: 'Undo' }))).toBe('undo.nothing-to-undo');
  });
});

describe('sandbox mode and open windows', () => {
  it('undoes the action that opened a response window: the game is back where it was', () => {
    const twoNavigators = [NAVIGATOR, { ...NAVIGATOR, crewId: 'ash', node: 'navigation-2' }];
    const table = historyTable(sea({ storms: [{ q: 0, r: 0 }], ship: { card: 'iron-widow', crew: twoNavigators } }), { mode: 'sandbox' });
    table.send(1, { type: 'StartNavigation' });
    const before = table.history.state;
    table.send(1, { type: 'TurnShip', direction: 'cw' });
    expect(table.history.state.pending?.kind).toBe('structural-damage');
    table.send(1, { type: 'Undo' });
    expect(table.history.state).toBe(before);
    expect(table.history.state.pending).toBeNull();
  });
});

describe('a history loaded from the log', () => {
  it('redoes what was undone before it was loaded, with the recorded events', () => {
    const table = historyTable(navigable(), { players: 2 });
    table.send(1, { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] });
    const after = table.history.state;
    table.send(1, { type: 'Undo' });
    const cold = GameHistory.fold(table.history.entries);
    expect(cold.redoable()).toMatchObject({ seat: 1, by: [1] });
    const redone = decideWithHistory(cold, { type: 'Redo' }, { seat: 1, rng: table.rng });
    cold.record('r1', 1, redone.events, redone.state);
    expect(cold.state).toEqual(after);
  });

  it('folds to the same board, and undoes the same (refolding when it kept no state)', () => {
    // Ten turns: a clock the game cannot run out of whatever the catalogue's First Voyage holds
    // (the clock is not what this spec is about).
    const voyage = { ...firstVoyage(), blessings: 20 };
    const table = historyTable(voyage, { players: 2, mode: 'sandbox' });
    // More actions than a cold load keeps states for, so undoing the early ones refolds.
    for (let i = 0; i < 50; i++) {
      const seat = table.history.state.turn!.seat;
      // A real change each time: an unchanged choice is refused (follow.unchanged).
      const character = Object.values(table.history.state.characters).find((c) => c.seat === seat)!;
      table.send(seat, i % 5 === 4 ? { type: 'EndTurn' } : { type: 'SetFollowShip', follow: !character.followShip });
    }
    const cold = GameHistory.fold(table.history.entries);
    expect(cold.state).toEqual(table.history.state);
    for (let i = 0; i < 50; i++) {
      table.send(1, { type: 'Undo' });
      cold.record(table.history.entries.at(-1)!.actionId, 1, [table.history.entries.at(-1)!.event]);
      expect(cold.state).toEqual(table.history.state);
    }
    expect(cold.state).toEqual(foldEvents(effectiveEntries(cold.entries).map((e) => e.event as GameEvent)));
    expect(cold.undoable()).toBeNull();
  });
});

describe('appending what was read from the log', () => {
  it('gives the same history whether actions arrive whole or cut anywhere', () => {
    const table = historyTable(navigable(), { players: 2 });
    table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'TurnShip', direction: 'cw' });
    table.send(1, { type: 'Undo' });
    table.send(1, { type: 'EndNavigation' });
    table.send(1, { type: 'EndTurn' });
    const entries = table.history.entries;
    for (let cut = 1; cut < entries.length; cut++) {
      const read = new GameHistory();
      read.append(entries.slice(0, cut));
      read.append(entries.slice(cut));
      expect(read.state).toEqual(table.history.state);
      expect(read.effectiveEntries()).toEqual(table.history.effectiveEntries());
      expect(read.undoable()).toEqual(table.history.undoable());
    }
  });
});

describe('a response that showed cards from a hand', () => {
  it('cannot be undone in standard mode, once the window it answered is closed', () => {
    const twoNavigators = [NAVIGATOR, { ...NAVIGATOR, crewId: 'ash', node: 'navigation-2' }];
    const table = historyTable(sea({ storms: [{ q: 0, r: 0 }], ship: { card: 'iron-widow', crew: twoNavigators } }));
    table.send(1, { type: 'StartNavigation' });
    table.send(1, { type: 'TurnShip', direction: 'cw' });
    const pending = table.history.state.pending;
    expect(pending?.kind).toBe('structural-damage');
    // One card at a time until the damage is gone and the window closes.
    while (table.history.state.pending) {
      const [card] = table.history.state.characters[table.history.state.seats[0]!.characterId]!.hand;
      table.send(1, { type: 'ReduceStructuralDamage', discard: [card!] });
    }
    expect(refusedBy(() => table.send(1, { type: 'Undo' }))).toBe('undo.revealed');
  });
});

describe('a long turn', () => {
  // Twenty Navigation orders in one turn: far more actions than the history keeps states for
  // densely, so undoing them all goes through its sparse checkpoints.
  const longTurn = () => sea({ radius: 3, tweak: (scenario) => void (scenario.ordersPerTurn = 20) });

  it('undoes every action of it, one by one, back to each board it passed through, and redoes them all', () => {
    const table = historyTable(longTurn());
    const boards = [table.history.state];
    for (let order = 0; order < 20; order++) {
      for (const command of [start, cw, end]) {
        table.send(1, command);
        boards.push(table.history.state);
      }
    }
    for (let i = boards.length - 2; i >= 0; i--) {
      table.send(1, { type: 'Undo' });
      expect(table.history.state).toEqual(boards[i]);
      expect(table.history.state).toEqual(foldEvents(effectiveEntries([...table.history.entries]).map((e) => e.event)));
    }
    for (let i = 1; i < boards.length; i++) {
      table.send(1, { type: 'Redo' });
      expect(table.history.state).toEqual(boards[i]);
    }
  });

  it('undoes back into the turn after new actions replaced what was undone', () => {
    const table = historyTable(longTurn());
    for (let order = 0; order < 12; order++) for (const command of [start, cw, end]) table.send(1, command);
    for (let i = 0; i < 21; i++) table.send(1, { type: 'Undo' });
    for (let order = 0; order < 6; order++) for (const command of [start, cw, end]) table.send(1, command);
    for (let i = 0; i < 30; i++) {
      table.send(1, { type: 'Undo' });
      expect(table.history.state).toEqual(foldEvents(effectiveEntries([...table.history.entries]).map((e) => e.event)));
    }
  });
});
