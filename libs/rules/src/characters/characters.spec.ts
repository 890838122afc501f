import { arrangedGame, eventsOfType, play, stateOf, wreck } from '../ships/testing/ship-kit';
import { given } from '../testing/decider-spec';
import { redactEvent } from '../view';

describe("characters' hands", () => {
  it('[hand.opening] each character starts with a hand drawn up to its hand size; only its seat sees it', () => {
    const events = arrangedGame({ players: 2 });
    const drawn = eventsOfType(events, 'CardsDrawn');
    expect(drawn.map((e) => [e.data.characterId, e.data.count, e.secret?.visibleTo])).toEqual([
      ['ysolde', 5, [1]],
      ['tamsin', 5, [2]],
    ]);
    expect(redactEvent(drawn[0], 2, 'active').secret).toBeUndefined();
    expect(stateOf(events).characters.ysolde).toMatchObject({
      hand: ['cutlass', 'boarding-axe', 'hull-plates', 'spyglass', 'first-mate'],
      deck: ['blessing-of-the-tides', 'blessing-of-the-tides', 'cutlass', 'spyglass', 'first-mate'],
    });
  });

  it('[hand.reset] at the end of its turn the active character draws up to its hand size', () => {
    // A boon played on a repair leaves Ysolde one card short.
    const afterCheck = play([...arrangedGame(), wreck()], { type: 'AttemptRepair', boons: ['spyglass'] }, { rolls: [1, 1] });
    given(afterCheck)
      .when({ type: 'EndTurn' })
      .then((events, after) => {
        const [reset] = eventsOfType(events, 'CardsDrawn');
        expect(reset).toEqual({
          type: 'CardsDrawn',
          data: { characterId: 'ysolde', count: 1, reason: 'reset-hand' },
          secret: { visibleTo: [1], data: { cards: ['blessing-of-the-tides'] } },
        });
        expect(after.characters.ysolde.hand).toHaveLength(5);
      });
  });

  it('[hand.deck-runs-out] a deck that runs out stops the draw', () => {
    const events = arrangedGame({ tweak: (s) => (s.characters[0].deck = ['cutlass', 'spyglass']) });
    expect(stateOf(events).characters.ysolde).toMatchObject({ hand: ['cutlass', 'spyglass'], deck: [] });
    given(events)
      .when({ type: 'EndTurn' })
      .then((decided) => expect(eventsOfType(decided, 'CardsDrawn')).toHaveLength(0));
  });
});
