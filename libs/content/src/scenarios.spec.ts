import { TERRAINS } from '@logbook/rules';
import { builtInScenario, builtInScenarioIds } from './scenarios';
import { parseScenario } from './validation/parse-scenario';

describe('the built-in scenarios', () => {
  it('are first-voyage and twin-sails', () => {
    expect(builtInScenarioIds()).toEqual(['first-voyage', 'twin-sails']);
  });

  it.each(builtInScenarioIds())('%s passes validation as an inline document would', (id) => {
    const parsed = parseScenario(builtInScenario(id));
    expect(parsed).toEqual({ ok: true, scenario: builtInScenario(id) });
  });

  it('hands out copies: changing one never changes the next', () => {
    builtInScenario('first-voyage')!.playerShips[0].hex = { q: 9, r: 9 };
    expect(builtInScenario('first-voyage')!.playerShips[0].hex).toEqual({ q: 0, r: 0 });
    expect(builtInScenario('no-such-voyage')).toBeUndefined();
  });

  describe('together they exercise', () => {
    const all = builtInScenarioIds().map((id) => builtInScenario(id)!);
    it('every terrain', () => {
      const terrains = new Set(all.flatMap((s) => s.tiles.flatMap((t) => t.hexes.map((h) => h.terrain))));
      expect([...terrains].sort()).toEqual([...TERRAINS].sort());
    });
    it('a storm, an altar, a WAYFINDER and two player ships in one scenario', () => {
      const twin = builtInScenario('twin-sails')!;
      expect(twin.storms.length).toBeGreaterThan(0);
      expect(twin.tiles.some((t) => t.hexes.some((h) => h.terrain === 'altar'))).toBe(true);
      expect(twin.playerShips.flatMap((s) => s.crew).some((c) => c.traits.includes('WAYFINDER'))).toBe(true);
      expect(twin.playerShips).toHaveLength(2);
    });
  });
});
