// What the server and the command line share: configuration and the wiring of the store and
// the read models. The two apps are two faces of this core; neither imports the other.
export * from './app-config';
export * from './open-event-store';
export * from './personal-data/keys-config';
export * from './read-models';
export * from './simulation';
export * from './charts';
export * from './data-files';
export * from './store-lock';
export * from './snapshots/snapshot-store';
export * from './api-types';
