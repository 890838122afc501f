export { TestEventStoreDb, startTestEventStoreDb, type TestEventStoreDbOptions } from './test-eventstoredb';
