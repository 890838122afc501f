import { decideAndApply } from './decide';
import { setFrozenStates } from './decision';
import { foldEvents } from './evolve';
import { seededRng } from './random';
import { setupEvents } from './testing/fixtures';

// Freezing finished states is on unless a production server turns it off for speed; either way
// the decision and its events are the same, and events stay frozen.
describe('setFrozenStates', () => {
  afterEach(() => setFrozenStates(true));

  const decideOnce = () => decideAndApply(foldEvents(setupEvents()), { type: 'StartNavigation' }, { seat: 1, rng: seededRng(1) });

  it('freezes what a decision changed by default', () => {
    const { state } = decideOnce();
    expect(Object.isFrozen(state)).toBe(true);
    expect(Object.isFrozen(state.navigation)).toBe(true);
  });

  it('when off, leaves the state unfrozen but decides the same events and state, and still freezes the events', () => {
    const frozen = decideOnce();
    setFrozenStates(false);
    const plain = decideOnce();
    expect(Object.isFrozen(plain.state)).toBe(false);
    expect(plain.events).toEqual(frozen.events);
    expect(plain.state).toEqual(frozen.state);
    expect(plain.events.every((event) => Object.isFrozen(event))).toBe(true);
  });
});
