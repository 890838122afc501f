import type { DomainCommand } from '../event';

/**
 * [D §11] ask the other seats to take back `actionId` and every effective action after it
 * (beyond the seat's own undo: another seat's action, an earlier turn of this round).
 */
export interface RequestTakeback extends DomainCommand<'RequestTakeback'> {
  actionId: string;
}
/** [D §11] a seat other than the requester accepts or declines the open request. */
export interface AnswerTakeback extends DomainCommand<'AnswerTakeback'> {
  requestId: number;
  accept: boolean;
}
/** [D §11] the requester withdraws its open request. */
export interface WithdrawTakeback extends DomainCommand<'WithdrawTakeback'> {
  requestId: number;
}

export type TakebackCommand = RequestTakeback | AnswerTakeback | WithdrawTakeback;

export const TAKEBACK_COMMAND_TYPES: ReadonlySet<string> = new Set<TakebackCommand['type']>(['RequestTakeback', 'AnswerTakeback', 'WithdrawTakeback']);
