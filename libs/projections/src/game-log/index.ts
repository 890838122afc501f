export * from './action-metadata';
export * from './effective-fold';
export * from './redecide';
export * from './export-format';
