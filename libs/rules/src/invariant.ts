import { own } from './own';

/**
 * A value the log or the rules guarantee is there (a secret part an event type always carries,
 * the turn while a turn runs, a failed step of a failed check). Missing means a bug or a corrupt
 * log, never a client's mistake: it throws a plain Error (a 500), unlike a RuleViolation.
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Invariant broken: ${what} is missing`);
  return value;
}

/**
 * The entry `key` of a record of the state (a character, a ship, a card…) that the log or the
 * checks already made sure of. Own properties only, so an id such as `__proto__` never reaches
 * the prototype. Ids a client sends are checked with `ensure` first (a 422), never with this.
 */
export function known<T>(record: Readonly<Record<string, T>>, key: string): T {
  const value = own(record, key);
  if (value === undefined) throw new Error(`Invariant broken: no entry ${key}`);
  return value;
}
