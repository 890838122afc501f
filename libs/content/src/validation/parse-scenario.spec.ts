import { builtInScenario } from '../scenarios';
import { parseScenario } from './parse-scenario';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const twin = (): Doc => builtInScenario('twin-sails') as unknown as Doc;
const errorsOf = (doc: unknown): string[] => {
  const parsed = parseScenario(doc);
  return parsed.ok ? [] : parsed.errors;
};

describe('parsing a scenario document', () => {
  it('accepts a valid document and returns it as a scenario definition', () => {
    const parsed = parseScenario(twin());
    expect(parsed.ok && parsed.scenario.id).toBe('twin-sails');
  });

  it('refuses what is not an object', () => {
    expect(errorsOf('twin-sails')).toEqual(['scenario: must be a JSON object']);
    expect(errorsOf([])).toEqual(['scenario: must be a JSON object']);
  });

  it('fills in the defaults: 3 orders per turn, act 2 at 4 clues, act 3 at 8, goal 12, no storms', () => {
    const doc = twin();
    for (const key of ['ordersPerTurn', 'actThresholds', 'clueGoal', 'storms', 'enemyShips']) delete doc[key];
    const parsed = parseScenario(doc);
    expect(parsed.ok && parsed.scenario).toMatchObject({ ordersPerTurn: 3, actThresholds: { act2: 4, act3: 8 }, clueGoal: 12, storms: [], enemyShips: [] });
  });

  describe('names the field and says why', () => {
    it.each<[string, (d: Doc) => void, RegExp]>([
      ['a missing field', (d) => delete d.blessings, /^blessings: .*must not be less than 1/],
      [
        'an unknown terrain',
        (d) => (d.tiles[1].hexes[2].terrain = 'lava'),
        /^tiles\[1\]\.hexes\[2\]\.terrain: must be one of the following values: sea, rough/,
      ],
      ['a facing out of range', (d) => (d.playerShips[1].facing = 6), /^playerShips\[1\]\.facing: must be one of/],
      ['a fractional coordinate', (d) => (d.storms[0].q = 1.5), /^storms\[0\]\.q: must be an integer number/],
      ['a misspelt field', (d) => (d.tiles[0].hexes[0].terain = 'sea'), /^tiles\[0\]\.hexes\[0\]\.terain: property terain should not exist/],
      ['an unknown die', (d) => (d.characters[0].skills.Strength = 'd20'), /^characters\[0\]\.skills\.Strength: must be one of/],
      ['an empty check', (d) => (d.altarCheck.steps = []), /^altarCheck\.steps: must contain at least 1 elements/],
      ['zero blessings', (d) => (d.blessings = 0), /^blessings: must not be less than 1/],
      ['a tile of act 4', (d) => (d.tiles[2].act = 4), /^tiles\[2\]\.act: must be one of the following values: 1, 2, 3/],
      // class-validator validates an array in place of a nested object as a list: it must still say no.
      ['a list where a character belongs', (d) => (d.characters[0] = []), /^characters: each value in characters must be an object/],
      ['a list where the skills belong', (d) => (d.characters[0].skills = []), /^characters\[0\]\.skills: .*must be an object/],
    ])('%s', (_what, spoil, message) => {
      const doc = twin();
      spoil(doc);
      expect(errorsOf(doc)).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
    });
  });

  describe('[scenario.ids] every id matches the documented pattern', () => {
    it.each<[string, (d: Doc, bad: string) => void]>([
      ['a player ship', (d, bad) => (d.playerShips[0].shipId = bad)],
      ['a character', (d, bad) => (d.characters[0].characterId = bad)],
      ['an enemy ship', (d, bad) => (d.enemyShips = [{ ...(builtInScenario('first-voyage') as unknown as Doc).enemyShips[0], enemyShipId: bad }])],
      ['a card', (d, bad) => (d.cards[0].cardId = bad)],
      ['a ship card', (d, bad) => (d.shipCards[0].cardId = bad)],
      ['a crew member', (d, bad) => (d.playerShips[0].crew[0].crewId = bad)],
      ['an enemy', (d, bad) => (d.enemyPool[0].enemyId = bad)],
      ['a tile', (d, bad) => (d.tiles[0].tileId = bad)],
      ['a stacked tile', (d, bad) => (d.stack[0] = bad)],
      ['a boxed card', (d, bad) => (d.box[0] = bad)],
      ['the scenario', (d, bad) => (d.id = bad)],
    ])('refuses a bad id for %s', (_what, spoil) => {
      for (const bad of ['__proto__', 'constructor', 'toString', '', ' x', 'a/b', 'x'.repeat(65)]) {
        const doc = twin();
        spoil(doc, bad);
        expect(errorsOf(doc)).toEqual(expect.arrayContaining([expect.stringMatching(/must be an id/)]));
      }
    });

    it('accepts ids of letters, digits, _ . and -', () => {
      const doc = twin();
      doc.characters[0].characterId = 'Ysolde_2.b-c';
      doc.playerShips[0].crew[0].crewId = 'x';
      expect(errorsOf(doc)).toEqual([]);
    });
  });

  describe('checks the cross-references', () => {
    it.each<[string, (d: Doc) => void, string]>([
      ['a stacked tile that does not exist', (d) => (d.stack[1] = 'atlantis'), 'stack[1]: no tile "atlantis"'],
      ['a starting tile that does not exist', (d) => (d.startingTiles[0].tileId = 'atlantis'), 'startingTiles[0].tileId: no tile "atlantis"'],
      ['a tile both placed and stacked', (d) => d.stack.unshift('twin-harbour'), 'stack[1]: tile (placed or stacked) "twin-harbour" is used twice'],
      [
        'a stack not grouped by act',
        (d) => d.stack.push('fogbank') && d.stack.splice(0, 1),
        'stack[4]: an act 1 tile after an act 3 tile (the stack is grouped by act, act 1 first)',
      ],
      ['two tiles with one id', (d) => (d.tiles[2].tileId = 'fogbank'), 'tiles[2]: tileId "fogbank" is used twice'],
      ['a tile without its anchor hex', (d) => d.tiles[1].hexes.shift(), 'tiles[1].hexes: the anchor offset (0,0) is missing'],
      [
        'overlapping starting tiles',
        (d) => d.startingTiles.push({ tileId: 'fogbank', anchor: { q: 1, r: 0 }, rotation: 0 }),
        'startingTiles[1]: overlaps another starting tile at (1,0)',
      ],
      ['a ship card that does not exist', (d) => (d.playerShips[1].card = 'flying-dutchman'), 'playerShips[1].card: no ship card "flying-dutchman"'],
      ['an enemy ship card that does not exist', (d) => (d.enemyShipPool[0] = 'flying-dutchman'), 'enemyShipPool[0]: no ship card "flying-dutchman"'],
      [
        'a crew node the deck does not have',
        (d) => (d.playerShips[0].crew[0].node = 'navigation-3'),
        'playerShips[0].crew[0].node: The Gull has no node "navigation-3" (it has navigation-1, navigation-2, crows-nest, artillery-1, blank-1, blank-2)',
      ],
      ['two crew on one node', (d) => (d.playerShips[0].crew[1].node = 'navigation-1'), 'playerShips[0].crew[1].node: "navigation-1" is already manned'],
      ['one crew member on two ships', (d) => (d.playerShips[1].crew[0].crewId = 'marta'), 'crew[2]: crewId "marta" is used twice'],
      ['a ship on land', (d) => (d.playerShips[1].hex = { q: -1, r: 0 }), 'playerShips[1].hex: a ship cannot stand on island'],
      ['a ship off the starting tiles', (d) => (d.playerShips[1].hex = { q: 5, r: 5 }), 'playerShips[1].hex: (5,5) is not covered by a starting tile'],
      ['two ships on one hex', (d) => (d.playerShips[1].hex = { q: 0, r: 0 }), 'playerShips[1].hex: (0,0) is already occupied by playerShips[0].hex'],
      ['a character aboard a ship that does not exist', (d) => (d.characters[1].aboard = 'ark'), 'characters[1].aboard: no player ship "ark"'],
      ['a character ashore with no hex', (d) => (d.characters[1].aboard = null), 'characters[1].hex: a character not aboard a ship needs a hex'],
      ['a card in a deck that does not exist', (d) => d.characters[0].deck.push('excalibur'), 'characters[0].deck[10]: no card "excalibur"'],
      ['a card in the box that does not exist', (d) => (d.box[0] = 'excalibur'), 'box[0]: no card "excalibur"'],
      ['an altar check on open water', (d) => (d.tiles[1].hexes[0].altarCheck = d.altarCheck), 'tiles[1].hexes[0].altarCheck: only an altar hex has one'],
      ['act thresholds out of order', (d) => (d.actThresholds = { act2: 5, act3: 4 }), 'actThresholds.act3: 4 is below act2 (5)'],
      ['a clue goal the stack cannot reach', (d) => (d.clueGoal = 99), 'clueGoal: 99 cannot be reached: the stack holds 14 clues'],
    ])('%s', (_what, spoil, error) => {
      const doc = twin();
      spoil(doc);
      expect(errorsOf(doc)).toContain(error);
    });
  });
});
