// [D §1] how a scenario ends: won on the clue goal, lost when the clock must advance and cannot.
import type { Decision } from '../decision';

export const isOver = (decision: Decision): boolean => decision.reading.status !== 'active';

/** [D §1, after the Everrain discovery track] the party wins when its clues reach the goal. */
export function winScenario(decision: Decision): void {
  const { clues, clueGoal, round } = decision.state;
  // [S] plunder becomes loot (or goes back to the box) just before the result is recorded.
  for (const effect of decision.hooks.scenarioEnd) effect(decision, 'won');
  decision.emit({ type: 'ScenarioWon', data: { clues, clueGoal, round } });
}

/** [D §1, from S's turn structure] the blessings deck must advance and is empty. */
export function loseScenario(decision: Decision, reason: 'blessings-exhausted'): void {
  for (const effect of decision.hooks.scenarioEnd) effect(decision, 'lost');
  decision.emit({ type: 'ScenarioLost', data: { reason, round: decision.state.round } });
}
