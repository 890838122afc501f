// The example in docs/scenario-format.md is a real scenario: it must keep passing validation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario } from './parse-scenario';

describe('the documented scenario format', () => {
  it('has an example that parses as a valid scenario', () => {
    const doc = readFileSync(join(__dirname, '../../../../docs/scenario-format.md'), 'utf8');
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const parsed = parseScenario(JSON.parse(example!));
    expect(parsed).toMatchObject({ ok: true, scenario: { id: 'harbour-sprint', ordersPerTurn: 3, clueGoal: 4 } });
  });
});
