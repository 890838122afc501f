// Parameters the command tables' `candidates` share: the finite choices a seat has for a check
// and for exploring. Check choices are "the best option", each option index for every step, and
// each single boon from the hand; richer combinations (an option per step, several boons) are
// legal too when each part is, and are not listed.
import type { CheckChoice } from './checks/check';
import type { Rotation } from './hex';
import type { CheckDefinition } from './scenario';
import type { CharacterState, GameState } from './state';

const ROTATIONS: readonly Rotation[] = [0, 1, 2, 3, 4, 5];

/** The explore variants: the first rotation that fits, or each rotation named. */
export const exploreVariants = (): Array<{ rotation?: Rotation }> => [{}, ...ROTATIONS.map((rotation) => ({ rotation }))];

export function checkChoices(check: CheckDefinition | undefined, character: CharacterState | undefined, state: GameState): CheckChoice[] {
  const choices: CheckChoice[] = [{}];
  const options = Math.max(0, ...(check?.steps ?? []).map((s) => s.options.length));
  for (let option = 0; option < options; option++) choices.push({ option });
  for (const cardId of new Set(character?.hand ?? [])) {
    if (state.cards[cardId]?.powers.addDie) choices.push({ boons: [cardId] });
  }
  return choices;
}
