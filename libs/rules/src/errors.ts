/**
 * A command broke a rule. `rule` is a stable id clients can rely on (listed in RULES.md);
 * the HTTP layer maps it to 422. Never carries hidden information in its text.
 */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}

/** Throws a RuleViolation unless the condition holds. */
export function ensure(condition: unknown, rule: string, message: string): asserts condition {
  if (!condition) throw new RuleViolation(rule, message);
}
