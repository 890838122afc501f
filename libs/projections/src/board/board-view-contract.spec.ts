// What a client needs to draw the board without digging in the first event: the cards it shows,
// the ship cards, each enemy ship's check to defeat, and what a pending state waits for.
import { foldEvents } from '@logbook/rules';
import { setupEvents } from '@logbook/rules/testing/fixtures';
import { arrangedGame } from '@logbook/rules/ships/testing/ship-kit';
import { boardView } from './board-view';

describe('the board view carries what a client draws', () => {
  it('names, types and powers of every card in the hands it shows, and of no card it hides', () => {
    const state = foldEvents(setupEvents(undefined, { players: 2 }));
    const view = boardView(state, 5, 1);
    const own = view.characters.find((c) => c.seat === 1)!;
    for (const cardId of own.hand!) {
      expect(view.cards[cardId]).toEqual({ name: expect.any(String), type: expect.any(String), powers: expect.any(Object) });
    }
    const other = state.characters[view.characters.find((c) => c.seat === 2)!.characterId];
    for (const hidden of other.hand.filter((id) => !own.hand!.includes(id))) expect(view.cards[hidden]).toBeUndefined();
    expect(Object.keys(boardView(state, 5, null).cards)).toEqual([]);
  });

  it('ship cards, and the check that defeats each enemy ship', () => {
    const state = foldEvents(arrangedGame());
    const view = boardView(state, 5, null);
    expect(view.shipCards.gull).toMatchObject({ name: 'The Gull', defeat: { steps: expect.any(Array) }, repair: { steps: expect.any(Array) } });
    expect(view.enemyShips).toEqual([
      expect.objectContaining({ enemyShipId: 'lantern-1', cardId: 'red-lantern', defeat: state.shipCards['red-lantern'].defeat }),
    ]);
  });

  it('a pending plunder choice names the command that answers it and the seat that must send it', () => {
    // A plunder roll of 6 at setup asks the active seat to choose the type.
    const state = foldEvents(arrangedGame({ dice: [6] }));
    expect(state.pending?.kind).toBe('plunder-choice');
    const view = boardView(state, 5, null);
    expect(view.pending!.respond).toEqual([
      { command: 'ChoosePlunderType', seats: [1], required: true, values: { field: 'cardType', allowed: ['weapon', 'spell', 'armor', 'item', 'ally'] } },
    ]);
  });

  it('a structural damage window: any seat may reduce, the active seat resolves', () => {
    const state = foldEvents(setupEvents(undefined, { players: 2 }));
    state.pending = { kind: 'structural-damage', shipId: 'gull', dealt: 2, amount: 2, source: 'storm' };
    const view = boardView(state, 5, null);
    expect(view.pending!.respond).toEqual([
      { command: 'ReduceStructuralDamage', seats: [1, 2], required: false },
      { command: 'ResolveStructuralDamage', seats: [state.turn!.seat], required: true },
    ]);
  });
});
