// Built-in scenarios, shipped as data and validated when loaded.
import type { ScenarioDefinition } from '@logbook/rules';
import firstVoyage from './scenarios/first-voyage.json';

const BUILT_IN: Record<string, ScenarioDefinition> = {
  'first-voyage': firstVoyage as ScenarioDefinition,
};

export const builtInScenarioIds = (): string[] => Object.keys(BUILT_IN);

/** A copy of a built-in scenario, or undefined for an unknown id. */
export const builtInScenario = (id: string): ScenarioDefinition | undefined =>
  Object.prototype.hasOwnProperty.call(BUILT_IN, id) ? structuredClone(BUILT_IN[id]) : undefined;
