export * from './action-log';
export * from './describe-action';
export * from './notes';
export * from './seek-index';
export * from './timeline';
export * from './words';
