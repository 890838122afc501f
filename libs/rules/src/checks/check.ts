// [S §4] Checks, as a pure module: choosing an option, validating boons, rolling. A check names
// steps joined by THEN; each step lists options `Skill[/Feat] difficulty` joined by OR.
import { own } from '../own';
import { defined, known } from '../invariant';
import { withoutCards } from '../characters/hand';
import { ensure } from '../errors';
import { rollDie, type Rng } from '../random';
import { SKILLS, type CardDefinition, type CheckDefinition, type CheckOptionDefinition, type Die, type Skill } from '../scenario';
import type { CharacterState } from '../state';

/** What a player chose for a check, as commands carry it. */
export interface CheckChoice {
  /** Option index per step; a single number applies to every step. Default: the best option. */
  option?: number | number[];
  /** Boon card ids from the hand, per step; a flat list is for the first step. */
  boons?: string[] | string[][];
}

/** The skill (or feat) a character uses for an option; null when it has none of them. */
export interface SkillUse {
  /** The listed skill or feat name used. */
  name: string;
  die: Die;
  bonus: number;
}

export interface StepPlan {
  step: number;
  optionIndex: number;
  option: CheckOptionDefinition;
  /** null: [S] none of the option's skills, so a d4 with no bonus. */
  use: SkillUse | null;
  boons: string[];
}

export interface DieRoll {
  die: Die;
  roll: number;
  /** The skill or feat rolled, 'untrained' for the bare d4, or the boon's card id. */
  source: string;
}

export interface StepResult extends StepPlan {
  dice: DieRoll[];
  bonus: number;
  total: number;
  success: boolean;
}

export const dieSides = (die: Die): number => Number(die.slice(1));
const expected = (use: SkillUse | null): number => (use ? (dieSides(use.die) + 1) / 2 + use.bonus : 2.5);
const isSkill = (name: string): name is Skill => (SKILLS as readonly string[]).includes(name);

/** [S] the best way a character meets an option: a feat adds its bonus to the skill it names. */
export function skillFor(character: CharacterState, option: CheckOptionDefinition): SkillUse | null {
  const uses: SkillUse[] = [];
  for (const name of option.skills) {
    for (const feat of character.feats.filter((f) => f.name === name)) {
      const die = character.skills[feat.skill];
      if (die) uses.push({ name, die, bonus: feat.bonus });
    }
    const die = isSkill(name) ? character.skills[name] : undefined;
    if (die) uses.push({ name, die, bonus: 0 });
  }
  return uses.reduce<SkillUse | null>((best, u) => (best === null || expected(u) > expected(best) ? u : best), null);
}

const optionFor = (choice: CheckChoice, step: number): number | undefined => (Array.isArray(choice.option) ? choice.option[step] : choice.option);

const boonsFor = (choice: CheckChoice, step: number): string[] => {
  const boons = choice.boons ?? [];
  if (boons.length > 0 && Array.isArray(boons[0])) return (boons as string[][])[step] ?? [];
  return step === 0 ? (boons as string[]) : [];
};

/**
 * [S] the character picks an option whose skill it has; only when it has none of them may it take
 * any option, rolling a d4 with no bonus. Default: the option with the best expected margin.
 */
function pickOption(character: CharacterState, step: number, options: CheckOptionDefinition[], wanted?: number): number {
  const trained = options.map((o) => skillFor(character, o) !== null);
  const eligible = options.map((_, i) => i).filter((i) => trained[i] || !trained.some(Boolean));
  if (wanted === undefined) {
    const margin = (i: number) => {
      const option = defined(options[i], `option ${i}`);
      return expected(skillFor(character, option)) - option.difficulty;
    };
    return eligible.reduce((best, i) => (margin(i) > margin(best) ? i : best));
  }
  ensure(Number.isInteger(wanted) && wanted >= 0 && wanted < options.length, 'check.unknown-option', `Step ${step + 1} has no option ${wanted}`);
  ensure(eligible.includes(wanted), 'check.option-skill-missing', `${character.name} has none of the skills of option ${wanted}; pick one it has`);
  return wanted;
}

/**
 * [S §4] boons: cards from the hand that add a die, at most one card of each type per check. A check
 * of several THEN steps is still one check, so the limit counts the boons of all its steps together.
 */
function validateBoons(character: CharacterState, cards: Record<string, CardDefinition>, perStep: string[][]): void {
  const all = perStep.flat();
  for (const cardId of all) {
    ensure(own(cards, cardId)?.powers.addDie, 'check.not-a-boon', `${cardId} adds no die to a check`);
  }
  const types = all.map((id) => known(cards, id).type);
  ensure(new Set(types).size === types.length, 'check.boon-type-repeated', 'At most one card of each type may be played on a check, across all its steps');
  ensure(withoutCards(character.hand, all) !== null, 'hand.card-not-in-hand', `${character.name} does not hold all of these cards: ${all.join(', ')}`);
}

/** Validates the choice against the check and the character's hand; throws a RuleViolation. */
export function planCheck(character: CharacterState, cards: Record<string, CardDefinition>, check: CheckDefinition, choice: CheckChoice = {}): StepPlan[] {
  ensure(check.steps.length > 0, 'check.no-steps', 'This check has no steps');
  if (Array.isArray(choice.option)) {
    ensure(choice.option.length <= check.steps.length, 'check.unknown-option', `This check has ${check.steps.length} step(s)`);
  }
  const boonsPerStep = check.steps.map((_, step) => boonsFor(choice, step));
  const nested = Array.isArray((choice.boons ?? [])[0]);
  ensure(!nested || (choice.boons ?? []).length <= check.steps.length, 'check.unknown-option', `This check has ${check.steps.length} step(s)`);
  validateBoons(character, cards, boonsPerStep);
  return check.steps.map((s, step) => {
    const optionIndex = pickOption(character, step, s.options, optionFor(choice, step));
    const option = defined(s.options[optionIndex], `option ${optionIndex}`);
    return { step, optionIndex, option, use: skillFor(character, option), boons: defined(boonsPerStep[step], `the boons of step ${step}`) };
  });
}

/**
 * [S] rolls the steps in order (THEN): the skill die plus the bonus plus one die per boon; a step
 * succeeds at a total of at least its difficulty. A failed step ends the check.
 */
export function rollCheck(plan: StepPlan[], cards: Record<string, CardDefinition>, rng: Rng): StepResult[] {
  const results: StepResult[] = [];
  for (const step of plan) {
    const skillDie: Die = step.use?.die ?? 'd4';
    const dice: DieRoll[] = [{ die: skillDie, roll: rollDie(rng, dieSides(skillDie)), source: step.use?.name ?? 'untrained' }];
    for (const cardId of step.boons) {
      const die = defined(known(cards, cardId).powers.addDie, `the die ${cardId} adds`);
      dice.push({ die, roll: rollDie(rng, dieSides(die)), source: cardId });
    }
    const bonus = step.use?.bonus ?? 0;
    const total = dice.reduce((sum, d) => sum + d.roll, bonus);
    const success = total >= step.option.difficulty;
    results.push({ ...step, dice, bonus, total, success });
    if (!success) break;
  }
  return results;
}
