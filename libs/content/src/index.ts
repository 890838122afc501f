export * from './scenarios';
