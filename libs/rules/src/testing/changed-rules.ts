// The test-only seam of a rules change: runs the rules with one [D] value changed, as a deploy of
// changed rules would. Production never imports `testing/`; the rules version then names the
// change (`rulesVersion()`), so a changed build is never taken for the rules production runs.
import { DEFAULT_RULE_VALUES, ruleValues, type RuleValues } from '../rule-values';

const writable = ruleValues as RuleValues;

/** Changes a rule value until the answered function is called (which puts the default back). */
export function changeRuleValue<K extends keyof RuleValues>(key: K, value: RuleValues[K]): () => void {
  writable[key] = value;
  return () => {
    writable[key] = DEFAULT_RULE_VALUES[key];
  };
}
