import { bigTileHexes, maximalScenario } from '../testing/maximal-scenario';
import { parseScenario } from './parse-scenario';
import { SCENARIO_LIMITS as MAX } from './scenario-limits';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const errorsOf = (doc: unknown): string[] => {
  const parsed = parseScenario(doc);
  return parsed.ok ? [] : parsed.errors;
};

describe('[scenario.limits] an inline scenario has maxima', () => {
  it('accepts a scenario at every list maximum at once, within the 512 kB request body', () => {
    const doc = maximalScenario();
    expect(errorsOf(doc)).toEqual([]);
    expect(JSON.stringify({ scenario: doc, players: [{ name: 'Ann' }] }).length).toBeLessThan(512 * 1024);
    expect(doc.tiles).toHaveLength(MAX.tiles);
    expect(doc.cards).toHaveLength(MAX.cards);
    expect(doc.characters).toHaveLength(MAX.characters);
  });

  // Each one past its maximum, from the maximal document: refused, naming the field.
  it.each<[string, (d: Doc) => void, RegExp]>([
    ['a tile of too many hexes', (d) => (d.tiles[10].hexes = bigTileHexes(MAX.hexesPerTile + 1)), /^tiles\[10\]\.hexes: must contain no more than 37 elements/],
    ['too many tiles', (d) => d.tiles.push({ tileId: 'one-more', act: 3, clues: 0, hexes: bigTileHexes(1) }), /^tiles: must contain no more than 100 elements/],
    [
      'too many cards',
      (d) => d.cards.push({ cardId: 'one-more', name: 'One more', type: 'item', powers: {} }),
      /^cards: must contain no more than 300 elements/,
    ],
    ['too many cards in the box', (d) => d.box.push('k0'), /^box: must contain no more than 300 elements/],
    ['too large a deck', (d) => d.characters[5].deck.push('k0'), /^characters\[5\]\.deck: must contain no more than 60 elements/],
    ['too many characters', (d) => d.characters.push({ ...d.characters[0], characterId: 'one-more' }), /^characters: must contain no more than 8 elements/],
    ['too many storms', (d) => (d.storms = Array.from({ length: MAX.storms + 1 }, (_, q) => ({ q, r: 0 }))), /^storms: must contain no more than 100 elements/],
    ['too long a name', (d) => (d.tiles[0].name = 'x'.repeat(MAX.name + 1)), /^tiles\[0\]\.name: must be shorter than or equal to 100 characters/],
    ['too long a description', (d) => (d.description = 'x'.repeat(MAX.description + 1)), /^description: must be shorter than or equal to 2000 characters/],
    [
      'too long a trait',
      (d) => (d.playerShips[0].crew[0].traits = ['x'.repeat(MAX.label + 1)]),
      /^playerShips\[0\]\.crew\[0\]\.traits: each value in traits must be .*shorter than or equal to 40/,
    ],
    [
      'too many conditions',
      (d) => (d.characters[0].conditions = Array.from({ length: MAX.conditions + 1 }, () => 'wet')),
      /^characters\[0\]\.conditions: must contain no more than 10 elements/,
    ],
    [
      'a check of too many steps',
      (d) => (d.altarCheck.steps = Array.from({ length: MAX.checkSteps + 1 }, () => d.altarCheck.steps[0])),
      /^altarCheck\.steps: must contain no more than 10 elements/,
    ],
  ])('refuses %s', (_what, spoil, message) => {
    const doc = maximalScenario() as Doc;
    spoil(doc);
    expect(errorsOf(doc)).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });
});
