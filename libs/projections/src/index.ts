export * from './board/board-view';
export * from './runner';
export * from './game-events';
export * from './game-states';
export * from './game-log';
