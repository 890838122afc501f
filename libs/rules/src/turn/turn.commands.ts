import type { DomainCommand } from '../event';

export type EndTurn = DomainCommand<'EndTurn'>;

export type TurnCommand = EndTurn;
