export * from './action-metadata';
