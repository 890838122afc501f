// RULES.md, "The built-in scenarios' numbers [D]": the numbers a player reads there are the ones
// the built-in scenarios hold (a retune that forgets the rulebook, or the reverse, fails here).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInScenario } from '../scenarios';

const RULES = readFileSync(join(__dirname, '..', '..', '..', '..', 'RULES.md'), 'utf8');
const section = RULES.slice(RULES.indexOf("### The built-in scenarios' numbers [D]"), RULES.indexOf('## Characters, checks'));
/** Table rows whose "now" is a number: | `scenario` | `field` | was | **now** | why | */
const numericRows = [...section.matchAll(/^\| `([a-z-]+)` \| `([a-zA-Z]+)` \| [^|]+ \| \*\*(\d+)\*\* \|/gm)].map(([, scenario, field, now]) => ({
  scenario: scenario!,
  field: field!,
  now: Number(now),
}));

describe("[D] the built-in scenarios' numbers (RULES.md)", () => {
  it('lists a clock for each built-in scenario, and each scenario holds the number listed', () => {
    expect(numericRows.map((r) => `${r.scenario}.${r.field}`)).toEqual(['first-voyage.blessings', 'twin-sails.blessings']);
    for (const { scenario, field, now } of numericRows) {
      expect([scenario, field, (builtInScenario(scenario) as unknown as Record<string, unknown>)[field]]).toEqual([scenario, field, now]);
    }
  });

  it("puts Twin Sails' squall over its harbour mouth: storms on (1,0) and (0,-1) beside the two it had", () => {
    expect(section).toMatch(/`twin-sails` \| `storms` \| \(1,-1\), \(2,-3\) \| \*\*\+ \(1,0\), \(0,-1\)\*\*/);
    expect(builtInScenario('twin-sails')?.storms).toEqual([
      { q: 1, r: -1 },
      { q: 2, r: -3 },
      { q: 1, r: 0 },
      { q: 0, r: -1 },
    ]);
  });
});
