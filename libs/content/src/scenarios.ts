// Built-in scenarios, shipped as data and validated when loaded: a broken built-in fails at once,
// with the same messages an inline document would get.
import type { ScenarioDefinition } from '@logbook/rules';
import firstVoyage from './scenarios/first-voyage.json';
import twinSails from './scenarios/twin-sails.json';
import { parseScenario } from './validation/parse-scenario';

const load = (doc: unknown): ScenarioDefinition => {
  const parsed = parseScenario(doc);
  if (!parsed.ok) throw new Error(`Built-in scenario ${(doc as { id?: string }).id} is invalid:\n${parsed.errors.join('\n')}`);
  return parsed.scenario;
};

const BUILT_IN: Record<string, ScenarioDefinition> = Object.fromEntries(
  [firstVoyage, twinSails].map((doc) => {
    const scenario = load(doc);
    return [scenario.id, scenario];
  }),
);

export const builtInScenarioIds = (): string[] => Object.keys(BUILT_IN);

/** A copy of a built-in scenario, or undefined for an unknown id. */
export const builtInScenario = (id: string): ScenarioDefinition | undefined =>
  Object.prototype.hasOwnProperty.call(BUILT_IN, id) ? structuredClone(BUILT_IN[id]) : undefined;
