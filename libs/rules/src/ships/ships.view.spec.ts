import { arrangedGame, play, stateOf } from './testing/ship-kit';
import { partyView } from './ships.view';

describe('[view.party] what a viewer may see of characters, hands and plunder', () => {
  const game = () => stateOf(arrangedGame({ players: 2 }));

  it("shows a hand's cards only to its own seat; others see how many", () => {
    const view = partyView(game(), 1);
    const [ysolde, tamsin] = view.characters;
    expect(ysolde).toMatchObject({ characterId: 'ysolde', handCount: 5, hand: ['cutlass', 'boarding-axe', 'hull-plates', 'spyglass', 'first-mate'] });
    expect(tamsin).toMatchObject({ characterId: 'tamsin', handCount: 5 });
    expect(tamsin.hand).toBeUndefined();
    expect(partyView(game(), null).characters.every((c) => c.hand === undefined)).toBe(true);
  });

  it('[plunder.hidden] shows plunder only as a count, on every ship, to every seat', () => {
    for (const viewer of [1, 2, null]) {
      const [gull] = partyView(game(), viewer).ships;
      expect(gull).toMatchObject({ shipId: 'gull', plunder: { count: 1 } });
      expect(gull.plunder.cards).toBeUndefined();
      expect(JSON.stringify(partyView(game(), viewer))).not.toContain('"cards":');
    }
  });

  it('reveals the plunder once the scenario is over', () => {
    const lost = stateOf(play(arrangedGame({ tweak: (s) => (s.blessings = 1) }), { type: 'EndTurn' }));
    expect(lost.status).toBe('lost');
    for (const viewer of [2, null]) {
      const [gull] = partyView(lost, viewer).ships;
      expect(gull.plunder.cards).toEqual(lost.ships.gull.plunder);
    }
    const won = { ...game(), status: 'won' as const };
    expect(partyView(won, 2).ships[0].plunder.cards).toEqual(['boarding-axe']);
  });

  it('[wreck.face-down] shows a wrecked ship face down', () => {
    const wrecked = stateOf([...arrangedGame(), { type: 'ShipWrecked', data: { shipId: 'gull' } }]);
    expect(partyView(wrecked, 1).ships[0]).toMatchObject({ wrecked: true, faceUp: false });
  });
});
