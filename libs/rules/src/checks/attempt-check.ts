// Attempting a check inside a decision: validate the choice, roll, record each step.
import { known } from '../invariant';
import type { Decision } from '../decision';
import type { CheckDefinition } from '../scenario';
import { planCheck, rollCheck, type CheckChoice, type StepResult } from './check';
import type { CheckKind } from './check.events';

export interface CheckOutcome {
  success: boolean;
  /** The step that failed, if any: its difficulty minus its total is the margin of failure. */
  failed: StepResult | null;
}

/** The rule ids validateCheck can refuse a choice with. */
export const CHECK_RULES: readonly string[] = [
  'check.unknown-option',
  'check.option-skill-missing',
  'check.not-a-boon',
  'check.boon-type-repeated',
  'hand.card-not-in-hand',
];

/** Throws the check's rule violations before anything is rolled, so a bad choice costs nothing. */
export const validateCheck = (decision: Decision, characterId: string, check: CheckDefinition, choice: CheckChoice): void => {
  planCheck(known(decision.state.characters, characterId), decision.state.cards, check, choice);
};

/** [S §4] rolls the check and emits one CheckAttempted per step attempted. */
export function attemptCheck(
  decision: Decision,
  characterId: string,
  kind: CheckKind,
  subject: string,
  check: CheckDefinition,
  choice: CheckChoice,
): CheckOutcome {
  const character = known(decision.state.characters, characterId);
  const results = rollCheck(planCheck(character, decision.state.cards, check, choice), decision.state.cards, decision.rng);
  for (const r of results) {
    decision.emit({
      type: 'CheckAttempted',
      data: {
        seat: character.seat,
        characterId,
        check: kind,
        subject,
        step: r.step,
        steps: check.steps.length,
        option: { index: r.optionIndex, skills: r.option.skills, difficulty: r.option.difficulty },
        skill: r.use?.name ?? null,
        boons: r.boons,
        dice: r.dice,
        bonus: r.bonus,
        total: r.total,
        difficulty: r.option.difficulty,
        success: r.success,
      },
    });
  }
  const failed = results.find((r) => !r.success) ?? null;
  return { success: failed === null, failed };
}
