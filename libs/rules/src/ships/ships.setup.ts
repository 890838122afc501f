import type { Decision } from '../decision';

/** [S] each character starts with a hand drawn up to its hand size. */
export function dealOpeningHands(_decision: Decision): void {}

/** [S] at scenario setup each player ship stashes 1 plunder card. */
export function stashSetupPlunder(_decision: Decision): void {}
