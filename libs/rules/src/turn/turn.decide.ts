import type { CommandSpecs } from '../command-spec';
import type { TurnCommand } from './turn.commands';
import { endTurn } from './turn-flow';

export { startFirstTurn } from './turn-flow';

export const turnCommands: CommandSpecs<TurnCommand> = {
  // [D §5] a seat may end its turn with orders left; never inside an open Navigation order.
  EndTurn: { actor: 'active-seat', decide: (decision) => endTurn(decision), rules: [], candidates: () => [{ type: 'EndTurn' }] },
};
