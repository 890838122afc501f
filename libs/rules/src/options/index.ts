export * from './candidates';
export * from './legal-commands';
export * from './waiting-for';
