export * from './bots';
export * from './candidates';
export * from './record';
export * from './simulate';
