import firstVoyageDoc from '../scenarios/first-voyage.json';
import { builtInScenario } from '../scenarios';
import { parseScenario } from '../validation/parse-scenario';
import catalogue from './catalogue-data.json';
import { catalogueIds, resolveCatalogueReferences } from './catalogue';

describe('the content catalogue', () => {
  it('holds the cards, ship cards, tiles and enemies both built-in scenarios share, once', () => {
    expect(catalogueIds().cards).toHaveLength(11);
    expect(catalogueIds().shipCards).toEqual(['gull', 'red-lantern', 'iron-widow']);
    expect(catalogueIds().tiles).toEqual(['shrine-isle', 'smugglers-cove', 'wreck-shoals', 'drowned-crown']);
    expect(catalogueIds().enemies).toEqual(['drowned-sailor', 'sea-wraith']);
  });

  it('is referenced by id from the built-in scenario files, and resolved to the full definitions', () => {
    expect(firstVoyageDoc.cards).toContain('cutlass');
    const scenario = builtInScenario('first-voyage');
    expect(scenario?.cards.find((c) => c.cardId === 'cutlass')).toEqual(catalogue.cards.find((c) => c.cardId === 'cutlass'));
    expect(scenario?.enemyPool.map((e) => e.enemyId)).toEqual(['drowned-sailor', 'sea-wraith']);
  });

  it('refuses an unknown id with the list, the position and the known ids', () => {
    const doc = { ...firstVoyageDoc, cards: ['cutlass', 'laser-sword'] };
    const parsed = parseScenario(doc);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.errors).toEqual([expect.stringMatching(/^cards\[1\]: "laser-sword" is not in the content catalogue's cards; known: cutlass, /)]);
  });

  it('still accepts a fully inline document, and a mix of inline definitions and ids', () => {
    const inline = builtInScenario('twin-sails');
    expect(JSON.stringify(inline)).not.toMatch(/"cards":\["/);
    expect(parseScenario(inline)).toMatchObject({ ok: true, scenario: inline });
    const mixed = { ...inline, cards: inline?.cards.map((c, i) => (i % 2 ? c.cardId : c)) };
    expect(parseScenario(mixed)).toEqual({ ok: true, scenario: inline });
  });

  it('leaves what is not a reference to validation', () => {
    expect(resolveCatalogueReferences({ cards: [42] })).toEqual({ ok: true, doc: { cards: [42] } });
    expect(parseScenario({ ...firstVoyageDoc, tiles: [7] }).ok).toBe(false);
  });
});
