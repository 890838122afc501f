// The timeline and the option buttons say what a navigation action that opens its own order, or
// an EndNavigation that ends the turn too, did (RULES.md, navigation.own-order, navigation.end-with-turn).
import { COMMAND_WORDS, type NameLookup } from './words';

const names: NameLookup = {
  seat: (n: number) => `Seat ${n}`,
  ship: (id: string) => id,
  character: (id: string) => id,
  crew: (id: string) => id,
  card: (id: string) => id,
};

describe('the words of one command per navigation action', () => {
  it('say that an action opened its order, and say nothing more of the plain action', () => {
    expect(COMMAND_WORDS.MoveShip.done({ type: 'MoveShip', startNavigation: true }, names)).toBe('issued a Navigation order and sailed ahead');
    expect(COMMAND_WORDS.MoveShip.done({ type: 'MoveShip' }, names)).toBe('sailed ahead');
    expect(COMMAND_WORDS.TurnShip.done({ type: 'TurnShip', direction: 'ccw', startNavigation: true }, names)).toBe(
      'issued a Navigation order and turned the ship counter-clockwise',
    );
    expect(COMMAND_WORDS.ExploreTile.label({ type: 'ExploreTile', startNavigation: true }, names)).toBe(
      'Start navigation: Explore ahead (the tile is placed the first way it fits)',
    );
  });

  it('say that EndNavigation ended the turn too', () => {
    expect(COMMAND_WORDS.EndNavigation.done({ type: 'EndNavigation', endTurn: true }, names)).toBe('ended the Navigation order and the turn');
    expect(COMMAND_WORDS.EndNavigation.label({ type: 'EndNavigation', endTurn: true }, names)).toBe('End navigation and the turn');
    expect(COMMAND_WORDS.EndNavigation.done({ type: 'EndNavigation' }, names)).toBe('ended the Navigation order');
  });
});
