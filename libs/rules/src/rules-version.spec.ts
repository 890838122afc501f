import type { GameCommand } from './commands';
import { given } from './testing/decider-spec';
import { changeRuleValue } from './testing/changed-rules';
import { atSea } from './navigation/testing/sea-kit';
import { RULES_SOURCE_DIGEST } from './rules-source-digest';
import { rulesVersion } from './rules-version';

const plan = (steps: number): GameCommand => ({
  type: 'Navigate',
  steps: Array.from({ length: steps }, () => ({ action: 'turn' as const, direction: 'cw' as const })),
});

describe('the rules version', () => {
  it('is the source digest for the rules production runs', () => expect(rulesVersion()).toBe(RULES_SOURCE_DIGEST));

  describe('when a test build changes a [D] value', () => {
    let restore: () => void = () => undefined;
    afterEach(() => restore());

    it('names the change, so the changed build is never taken for the rules production runs', () => {
      restore = changeRuleValue('maxPlanSteps', 2);
      expect(rulesVersion()).toBe(`${RULES_SOURCE_DIGEST}+maxPlanSteps=2`);
      restore();
      expect(rulesVersion()).toBe(RULES_SOURCE_DIGEST);
    });

    it('[navigation.plan] decides with the changed value: a plan longer than the limit is refused', () => {
      given(atSea())
        .when(plan(2))
        .then((events) => expect(events.length).toBeGreaterThan(0));
      restore = changeRuleValue('maxPlanSteps', 1);
      given(atSea()).when(plan(2)).thenRejects('command.invalid');
      given(atSea())
        .when(plan(1))
        .then((events) => expect(events.length).toBeGreaterThan(0));
    });
  });
});
