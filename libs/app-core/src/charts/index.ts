export * from './chart-specs';
export * from './render';
