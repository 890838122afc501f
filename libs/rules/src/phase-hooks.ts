// End-of-turn, end-of-round and end-of-scenario effects, as boardgame.io's `turn.onEnd`: the turn
// flow runs whatever the features registered, in the order registered (decide.ts builds the
// table), so the turn rules never import the features whose effects they trigger.
// The table itself is the Decision's (decision.ts), which runs it.
import type { Decision, PhaseHookTable } from './decision';

export interface PhaseHooks {
  /** While the turn is still the active seat's, before TurnEnded. */
  onTurnEnd?(decision: Decision): void;
  /** After the last seat's TurnEnded, before RoundEnded. */
  onRoundEnd?(decision: Decision): void;
  /** Just before ScenarioWon / ScenarioLost is recorded. */
  onScenarioEnd?(decision: Decision, outcome: 'won' | 'lost'): void;
}

/** Builds the table from the features' hooks; the order given is the order the effects run in. */
export function phaseHookTable(...features: PhaseHooks[]): PhaseHookTable {
  const table: PhaseHookTable = { turnEnd: [], roundEnd: [], scenarioEnd: [] };
  for (const hooks of features) {
    const { onTurnEnd, onRoundEnd, onScenarioEnd } = hooks;
    if (onTurnEnd) table.turnEnd.push(onTurnEnd);
    if (onRoundEnd) table.roundEnd.push(onRoundEnd);
    if (onScenarioEnd) table.scenarioEnd.push(onScenarioEnd);
  }
  return table;
}
