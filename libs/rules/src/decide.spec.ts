import { foldEvents } from './evolve';
import { given } from './testing/decider-spec';
import { setupEvents } from './testing/fixtures';

describe('the decider', () => {
  describe('when a game is created', () => {
    it('starts seat 1 on round 1 with the ship in the harbour', () => {
      const state = foldEvents(setupEvents());
      expect(state.status).toBe('active');
      expect(state.turn?.seat).toBe(1);
      expect(state.round).toBe(1);
      expect(state.ships.gull.hex).toEqual({ q: 0, r: 0 });
    });
  });

  it('rejects a command from a seat whose turn it is not', () => {
    given(setupEvents(undefined, { players: 2 }))
      .when({ type: 'StartNavigation' }, { seat: 2 })
      .thenRejects('turn.not-your-turn', /turn/i);
  });

  it('rejects any other order while a Navigation order is open', () => {
    const events = setupEvents();
    const issued = given(events).when({ type: 'StartNavigation' }).events();
    given([...events, ...issued])
      .when({ type: 'EndTurn' })
      .thenRejects('navigation.order-in-progress');
  });

  describe('folding', () => {
    it('decides the same events from the same state and seed, and folds them the same at once or in steps', () => {
      const events = setupEvents();
      const more = given(events).when({ type: 'StartNavigation' }).events();
      expect(more.length).toBeGreaterThan(0);
      expect(given(events).when({ type: 'StartNavigation' }).events()).toEqual(more);
      const stepwise = foldEvents(more, foldEvents(events));
      expect(stepwise).toEqual(foldEvents([...events, ...more]));
      expect(stepwise).not.toEqual(foldEvents(events));
    });
  });
});
