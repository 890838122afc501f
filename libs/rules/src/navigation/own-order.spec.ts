// [D] A navigation action that opens its own order (`startNavigation`), and EndNavigation that
// ends the turn too (`endTurn`): each is exactly the two commands it stands for, decided as one
// action — the same events in the same order, the same refusals, nothing recorded when any part
// is refused.
import type { GameCommand } from '../commands';
import { decide } from '../decide';
import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { historyTable } from '../history/testing/history-table';
import { seededRng } from '../random';
import { given } from '../testing/decider-spec';
import { LOOKOUT, NAVIGATOR, atSea, end, play, sea, stackTile, start } from './testing/sea-kit';

/** The events of `commands` decided one after another by the active seat, drawing from one source. */
function inTurn(events: GameEvent[], commands: GameCommand[], seed = 3): GameEvent[] {
  const rng = seededRng(seed);
  let state = foldEvents(events);
  const out: GameEvent[] = [];
  for (const command of commands) {
    const decided = decide(state, command, { seat: state.turn?.seat ?? null, rng });
    out.push(...decided);
    state = foldEvents(decided, state);
  }
  return out;
}

const ACTIONS: Array<[string, GameCommand, GameCommand]> = [
  ['a move', { type: 'MoveShip', startNavigation: true }, { type: 'MoveShip' }],
  ['a turn', { type: 'TurnShip', direction: 'ccw', startNavigation: true }, { type: 'TurnShip', direction: 'ccw' }],
  ['an exploration', { type: 'ExploreTile', startNavigation: true }, { type: 'ExploreTile' }],
];

/** A small disc (radius 1), the ship on its north rim facing the uncovered hex beyond it, a tile to draw. */
const rim = () => atSea({ radius: 1, ship: { hex: { q: 0, r: -1 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] }, stack: [stackTile('misty', 1, 2)] });
/** The ship at the disc's centre: every hex around it is covered. */
const centre = () => atSea({ radius: 1, ship: { hex: { q: 0, r: 0 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] } });
/** Where each action is legal: an exploration faces an uncovered hex, a move a covered one. */
const legalFor = (command: GameCommand) => (command.type === 'ExploreTile' ? rim() : centre());

describe('[D] a navigation action that opens its own order (startNavigation)', () => {
  it.each(ACTIONS)('%s: the order issued, then the action, as StartNavigation and the action would decide them', (_what, own, plain) => {
    const game = legalFor(own);
    const together = inTurn(game, [own]);
    expect(together.map((e) => e.type)[0]).toBe('NavigationOrderIssued');
    expect(together).toEqual(inTurn(game, [start, plain]));
  });

  it.each(ACTIONS)('%s: refused while an order is open, as StartNavigation is (the action alone is not)', (_what, own, plain) => {
    const open = play(legalFor(own), start);
    given(open)
      .when(own)
      .thenRejects('navigation.order-in-progress', /Navigation order is open/);
    expect(() => inTurn(open, [plain])).not.toThrow();
  });

  it.each(ACTIONS)('%s: refused once the turn’s orders are used', (_what, own) => {
    given(play(legalFor(own), start, end, start, end, start, end))
      .when(own)
      .thenRejects('turn.no-orders-left');
  });

  it.each(ACTIONS)('%s: refused for a character that commands no ship', (_what, own) => {
    const ashore = atSea({
      tweak: (s) => {
        s.characters[0].aboard = null;
        s.characters[0].hex = { q: 0, r: 0 };
      },
    });
    given(ashore).when(own).thenRejects('ship.not-commanding');
  });

  it('refuses the whole command when its action is refused: no order is issued', () => {
    // Facing the uncovered hex: the move is refused, and the order with it.
    given(rim()).when({ type: 'MoveShip', startNavigation: true }).thenRejects('navigation.hex-not-covered');
  });

  it('is one action: Undo takes back the move and the order it opened', () => {
    const table = historyTable(sea({ ship: { crew: [NAVIGATOR, LOOKOUT] } }), { players: 2 });
    const before = table.history.state;
    table.send(1, { type: 'MoveShip', startNavigation: true });
    expect(table.history.state.navigation?.pointsLeft).toBe(1);
    table.send(1, { type: 'Undo' });
    expect(table.history.state).toEqual(before);
  });

  it('false is the plain action', () => {
    given(centre()).when({ type: 'TurnShip', direction: 'cw', startNavigation: false }).thenRejects('navigation.no-open-order');
  });
});

describe('[D] EndNavigation that ends the turn too (endTurn)', () => {
  const open = () => play(atSea({}, { players: 2 }), start, { type: 'MoveShip' });

  it('ends the order, then the turn, as EndNavigation and EndTurn would decide them', () => {
    const together = inTurn(open(), [{ type: 'EndNavigation', endTurn: true }]);
    expect(together.map((e) => e.type).slice(0, 2)).toEqual(['NavigationOrderCompleted', 'TurnEnded']);
    expect(together).toEqual(inTurn(open(), [end, { type: 'EndTurn' }]));
    expect(foldEvents(together, foldEvents(open())).turn?.seat).toBe(2);
  });

  it('is refused as EndNavigation is, and then nothing ends', () => {
    // Two player ships on one hex: the order may not end there.
    const shared = atSea({
      ship: { hex: { q: 0, r: 0 }, crew: [NAVIGATOR, LOOKOUT] },
      otherShips: [{ shipId: 'tern', card: 'gull', hex: { q: 0, r: -1 }, facing: 0, anchored: false, crew: [] }],
    });
    given(play(shared, start, { type: 'MoveShip' }))
      .when({ type: 'EndNavigation', endTurn: true })
      .thenRejects('navigation.ends-on-occupied-hex');
  });

  it('false ends the order alone', () => {
    given(open())
      .when({ type: 'EndNavigation', endTurn: false })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['NavigationOrderCompleted']));
  });
});
