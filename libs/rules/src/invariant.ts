/**
 * A value the log or the rules guarantee is there (a secret part an event type always carries,
 * the turn while a turn runs, a failed step of a failed check). Missing means a bug or a corrupt
 * log, never a client's mistake: it throws a plain Error (a 500), unlike a RuleViolation.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Invariant broken: ${what} is missing`);
  return value;
}
