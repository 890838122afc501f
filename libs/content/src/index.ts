export * from './scenarios';
export { parseScenario, type ParsedScenario } from './validation/parse-scenario';
export { catalogueIds, resolveCatalogueReferences } from './catalogue/catalogue';
