export * from './bots';
export * from './record';
export * from './simulate';
export * from './hint';
