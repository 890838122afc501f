export * from './candidates';
export * from './legal-commands';
