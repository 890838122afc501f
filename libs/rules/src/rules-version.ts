// The rules version: which rules decided a game's actions. The digest of the library's source
// (rules-source-digest.ts, written by `npm run rules-version`), so any change of a rule is a new
// version; a value a test build changed (rule-values.ts) is named after it, so such a build never
// passes for the rules production runs.
import { DEFAULT_RULE_VALUES, ruleValues, type RuleValues } from './rule-values';
import { RULES_SOURCE_DIGEST } from './rules-source-digest';

/** What a game records of the rules it was created under: the rules' version and its scenario document's digest. */
export interface RulesVersion {
  rules: string;
  /** Digest of the scenario document (absent from the versions recorded after a game's start). */
  scenario?: string;
}

/** The version of the rules this process decides with. */
export function rulesVersion(): string {
  let changed = '';
  for (const key of Object.keys(DEFAULT_RULE_VALUES) as Array<keyof RuleValues>) {
    if (ruleValues[key] !== DEFAULT_RULE_VALUES[key]) changed += `${changed ? ',' : '+'}${key}=${String(ruleValues[key])}`;
  }
  return RULES_SOURCE_DIGEST + changed;
}
