import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { given } from '../testing/decider-spec';
import { atSea, end, endTurn, play, start } from '../navigation/testing/sea-kit';
import { firstVoyage } from '../testing/fixtures';

const TURN_FLOW = ['TurnStarted', 'BlessingAdvanced', 'TurnEnded', 'RoundEnded', 'ScenarioLost', 'ScenarioWon'];
const flow = (events: GameEvent[]) => events.filter((e) => TURN_FLOW.includes(e.type));
/** The clock the scenario under test starts with (read from the catalogue, so a retuned scenario keeps these specs honest). */
const BLESSINGS = firstVoyage().blessings;

describe('[D §5] the turn', () => {
  describe('at the start of a turn the clock advances', () => {
    it('one blessing goes from the deck to the discard, from the very first turn', () => {
      const events = atSea();
      expect(flow(events)).toEqual([
        { type: 'TurnStarted', data: { seat: 1, round: 1, ordersLeft: 3 } },
        { type: 'BlessingAdvanced', data: { deck: BLESSINGS - 1, discard: 1 } },
      ]);
      expect(foldEvents(events).blessings).toEqual({ deck: BLESSINGS - 1, discard: 1 });
    });

    it('[D] when the deck is empty as it must advance, the scenario is lost at once', () => {
      const lastBlessing = atSea({ tweak: (s) => (s.blessings = 1) });
      given(lastBlessing)
        .when(endTurn)
        .then((events, after) => {
          expect(flow(events).slice(-2)).toEqual([
            { type: 'TurnStarted', data: { seat: 1, round: 2, ordersLeft: 3 } },
            { type: 'ScenarioLost', data: { reason: 'blessings-exhausted', round: 2 } },
          ]);
          expect(after.status).toBe('lost');
        });
    });

    it('nothing may happen once the scenario is lost', () => {
      const lost = play(atSea({ tweak: (s) => (s.blessings = 1) }), endTurn);
      given(lost).when(start, { seat: 1 }).thenRejects('game.over');
    });
  });

  describe('orders', () => {
    it('a turn starts with the scenario’s orders per turn and the repair window open', () => {
      expect(foldEvents(atSea({ tweak: (s) => (s.ordersPerTurn = 2) })).turn).toEqual({
        seat: 1,
        ordersLeft: 2,
        ordersTaken: 0,
        repairAvailable: true,
      });
    });

    it('[N] no more standard orders than the turn allows', () => {
      const spent = play(atSea({ tweak: (s) => (s.ordersPerTurn = 1) }), start, end);
      given(spent).when(start).thenRejects('turn.no-orders-left');
    });
  });

  describe('ending the turn', () => {
    it('passes to the next seat in order, whose turn starts with the clock', () => {
      given(atSea({}, { players: 2 }))
        .when(endTurn)
        .then((events) =>
          expect(flow(events)).toEqual([
            { type: 'TurnEnded', data: { seat: 1, round: 1 } },
            { type: 'TurnStarted', data: { seat: 2, round: 1, ordersLeft: 3 } },
            { type: 'BlessingAdvanced', data: { deck: BLESSINGS - 2, discard: 2 } },
          ]),
        );
    });

    it('after the last seat, the round ends and a new round begins with the first seat', () => {
      given(play(atSea({}, { players: 2 }), endTurn))
        .when(endTurn, { seat: 2 })
        .then((events, after) => {
          expect(flow(events)).toEqual([
            { type: 'TurnEnded', data: { seat: 2, round: 1 } },
            { type: 'RoundEnded', data: { round: 1 } },
            { type: 'TurnStarted', data: { seat: 1, round: 2, ordersLeft: 3 } },
            { type: 'BlessingAdvanced', data: { deck: BLESSINGS - 3, discard: 3 } },
          ]);
          expect(after.round).toBe(2);
        });
    });

    it('may leave orders unused', () => {
      given(atSea())
        .when(endTurn)
        .then((events) => expect(events.map((e) => e.type)).toContain('TurnEnded'));
    });

    it('belongs to the active seat', () => {
      given(atSea({}, { players: 2 }))
        .when(endTurn, { seat: 2 })
        .thenRejects('turn.not-your-turn');
    });
  });
});
