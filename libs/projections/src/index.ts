export * from './board/board-view';
