export * from './fork.decide';
export * from './fork.events';
