// The fork folder's public names, spelled out for the reason libs/rules/src/index.ts gives.
export { decideFork, type ForkInput, publicBoard } from './fork.decide';
export type { ForkedBoard, ForkEvent, GameForked } from './fork.events';
