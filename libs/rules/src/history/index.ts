export * from './decide-with-history';
export * from './game-history';
export * from './history.commands';
export * from './history.events';
export * from './log-entry';
export * from './revealing';
