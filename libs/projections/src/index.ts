export * from './board/board-view';
export * from './runner';
export * from './game-states';
export * from './analytics';
export * from './history';
export * from './postgres';
