// [D] values of our own rules kept as data, in one table, so that a test build can change one
// (testing/changed-rules.ts) and see which stored games a rules change would freeze. Nothing
// outside `testing/` writes it: production runs the values below, which `rulesVersion()` says.

export interface RuleValues {
  /** [D] `navigation.plan`: a `Navigate` plan holds at most this many steps (`command.invalid` beyond). */
  maxPlanSteps: number;
}

export const DEFAULT_RULE_VALUES: Readonly<RuleValues> = Object.freeze({ maxPlanSteps: 50 });

/** The values the rules read now: the defaults, unless a test changed one. */
export const ruleValues: Readonly<RuleValues> = { maxPlanSteps: DEFAULT_RULE_VALUES.maxPlanSteps };
