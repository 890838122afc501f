import type { GameCommand } from '../commands';
import { foldEvents } from '../evolve';
import { given } from '../testing/decider-spec';
import { LOOKOUT, NAVIGATOR, atSea, end, move, play, start } from './testing/sea-kit';

describe('the Navigation order', () => {
  describe('[N] navigation points', () => {
    it('generates one point by default', () => {
      given(atSea({ ship: { crew: [LOOKOUT] } }))
        .when(start)
        .then([{ type: 'NavigationOrderIssued', data: { shipId: 'gull', points: 1 } }]);
    });

    it('adds one point per crew member manning a Navigation Node On Deck, and none for other nodes', () => {
      const crew = [NAVIGATOR, { ...NAVIGATOR, crewId: 'ash', node: 'navigation-2' }, LOOKOUT, { ...LOOKOUT, crewId: 'rook', node: 'artillery-1' }];
      given(atSea({ ship: { crew } }))
        .when(start)
        .then([{ type: 'NavigationOrderIssued', data: { shipId: 'gull', points: 3 } }]);
    });
  });

  describe('[N] one of the standard orders of the turn', () => {
    it('uses one of the turn’s orders and closes the repair window', () => {
      given(atSea())
        .when(start)
        .then((_events, after) => {
          expect(after.turn).toMatchObject({ ordersLeft: 2, ordersTaken: 1, repairAvailable: false });
          expect(after.navigation).toEqual({ shipId: 'gull', pointsLeft: 2, startHex: { q: 0, r: 0 } });
        });
    });

    it('is refused once the turn’s orders are used', () => {
      const events = play(atSea(), start, end, start, end, start, end);
      given(events).when(start).thenRejects('turn.no-orders-left');
    });

    it('needs a character aboard to command the ship', () => {
      const ashore = atSea({
        tweak: (s) => {
          s.characters[0].aboard = null;
          s.characters[0].hex = { q: 0, r: 0 };
        },
      });
      given(ashore).when(start).thenRejects('ship.not-commanding');
    });

    it('cannot be given for a ship the character does not command', () => {
      given(atSea()).when({ type: 'StartNavigation', shipId: 'tern' }).thenRejects('ship.not-commanding');
    });
  });

  describe('[N] you don’t have to use all the points', () => {
    it('ends whenever the player wants, reporting the points left unused', () => {
      given(play(atSea(), start, move))
        .when(end)
        .then([{ type: 'NavigationOrderCompleted', data: { shipId: 'gull', unusedPoints: 1 } }]);
    });
  });

  describe('[N] unused points cannot be saved', () => {
    it('loses them when the order ends: no action is possible until a new order', () => {
      const events = play(atSea(), start, end);
      given(events).when(move).thenRejects('navigation.no-open-order');
    });

    it('starts the next order with its own points only', () => {
      given(play(atSea(), start, end))
        .when(start)
        .then((_events, after) => expect(after.navigation?.pointsLeft).toBe(2));
    });
  });

  describe('[N] nothing else may happen inside an open Navigation order', () => {
    const open = play(atSea(), start, move);
    it.each<[string, GameCommand]>([
      ['another Navigation order', { type: 'StartNavigation' }],
      ['a whole planned order', { type: 'Navigate', steps: [] }],
      ['a Crew order', { type: 'MoveCrew', crewId: 'pell', node: 'blank-1' }],
      ['dropping anchor', { type: 'DropAnchor' }],
      ['ending the turn', { type: 'EndTurn' }],
    ])('refuses %s', (_what, command) => {
      given(open).when(command).thenRejects('navigation.order-in-progress');
    });

    it('[N] so to act on a hex the ship stops there: after the order ends, the next order may act', () => {
      const stopped = play(open, end);
      expect(foldEvents(stopped).ships.gull.hex).toEqual({ q: 0, r: -1 });
      given(stopped)
        .when({ type: 'MoveCrew', crewId: 'pell', node: 'blank-1' })
        .then((events) => expect(events.map((e) => e.type)).toEqual(['CrewMoved']));
    });
  });

  it('only the active seat may navigate', () => {
    given(atSea({}, { players: 2 }))
      .when(start, { seat: 2 })
      .thenRejects('turn.not-your-turn');
  });
});
