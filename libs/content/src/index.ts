export * from './scenarios';
export { parseScenario, type ParsedScenario } from './validation/parse-scenario';
export { SCENARIO_LIMITS } from './validation/scenario-limits';
export { catalogueIds, resolveCatalogueReferences } from './catalogue/catalogue';
