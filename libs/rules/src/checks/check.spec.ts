import { scriptedRng } from '../random';
import type { CheckDefinition } from '../scenario';
import { arrangedGame, stateOf } from '../ships/testing/ship-kit';
import { planCheck, rollCheck, skillFor } from './check';

// Captain Ysolde: Strength d6, Dexterity d8, Wisdom d4, Charisma d10; feats Melee (Strength +2),
// Diplomacy (Charisma +2); hand cutlass (weapon d6), boarding-axe (weapon d8), hull-plates (armor,
// no die), spyglass (item d4), first-mate (ally d6).
const game = () => stateOf(arrangedGame());
const ysolde = () => game().characters.ysolde;
const cards = () => game().cards;
const single = (skills: string[], difficulty: number): CheckDefinition => ({ steps: [{ options: [{ skills, difficulty }] }] });

describe('checks', () => {
  describe('[check.options] options joined by OR', () => {
    it('uses the feat named by an option, adding its bonus to the skill die it names', () => {
      expect(skillFor(ysolde(), { skills: ['Strength', 'Melee'], difficulty: 8 })).toEqual({ name: 'Melee', die: 'd6', bonus: 2 });
    });

    it('uses the bare skill when the character lacks the feat', () => {
      expect(skillFor(ysolde(), { skills: ['Dexterity', 'Ranged'], difficulty: 7 })).toEqual({ name: 'Dexterity', die: 'd8', bonus: 0 });
    });

    it('picks the option with the best expected margin when none is named', () => {
      const check: CheckDefinition = {
        steps: [
          {
            options: [
              { skills: ['Wisdom'], difficulty: 6 },
              { skills: ['Charisma', 'Diplomacy'], difficulty: 8 },
            ],
          },
        ],
      };
      expect(planCheck(ysolde(), cards(), check)[0].optionIndex).toBe(1);
    });

    it('takes the option the player names', () => {
      const check: CheckDefinition = {
        steps: [
          {
            options: [
              { skills: ['Wisdom'], difficulty: 6 },
              { skills: ['Charisma'], difficulty: 8 },
            ],
          },
        ],
      };
      expect(planCheck(ysolde(), cards(), check, { option: 0 })[0].optionIndex).toBe(0);
    });

    it('rejects an option that does not exist', () => {
      expect(() => planCheck(ysolde(), cards(), single(['Strength'], 5), { option: 3 })).toThrow(expect.objectContaining({ rule: 'check.unknown-option' }));
    });

    it("[check.option-skill-missing] rejects an option without the character's skill while another has it", () => {
      const check: CheckDefinition = {
        steps: [
          {
            options: [
              { skills: ['Craft'], difficulty: 4 },
              { skills: ['Strength'], difficulty: 8 },
            ],
          },
        ],
      };
      expect(() => planCheck(ysolde(), cards(), check, { option: 0 })).toThrow(expect.objectContaining({ rule: 'check.option-skill-missing' }));
    });
  });

  describe('[check.d4-without-skill] a character with none of the listed skills', () => {
    it('rolls a d4 with no bonus', () => {
      const plan = planCheck(ysolde(), cards(), single(['Craft'], 4));
      const [result] = rollCheck(plan, cards(), scriptedRng([4]));
      expect(result.dice).toEqual([{ die: 'd4', roll: 4, source: 'untrained' }]);
      expect(result.bonus).toBe(0);
      expect(result.total).toBe(4);
    });
  });

  describe('[check.boons] boons add one die each', () => {
    it('adds the die of each boon played, after the skill die, and records every die', () => {
      const plan = planCheck(ysolde(), cards(), single(['Strength', 'Melee'], 12), { boons: ['cutlass', 'spyglass'] });
      const [result] = rollCheck(plan, cards(), scriptedRng([3, 5, 2]));
      expect(result.dice).toEqual([
        { die: 'd6', roll: 3, source: 'Melee' },
        { die: 'd6', roll: 5, source: 'cutlass' },
        { die: 'd4', roll: 2, source: 'spyglass' },
      ]);
      expect(result.total).toBe(3 + 5 + 2 + 2);
      expect(result.success).toBe(true);
    });

    it('[check.boon-type-repeated] allows at most one card of each type per check', () => {
      expect(() => planCheck(ysolde(), cards(), single(['Strength'], 5), { boons: ['cutlass', 'boarding-axe'] })).toThrow(
        expect.objectContaining({ rule: 'check.boon-type-repeated' }),
      );
    });

    it('[check.not-a-boon] rejects a card that adds no die', () => {
      expect(() => planCheck(ysolde(), cards(), single(['Strength'], 5), { boons: ['hull-plates'] })).toThrow(
        expect.objectContaining({ rule: 'check.not-a-boon' }),
      );
    });

    it("[hand.card-not-in-hand] boons must be in the character's hand", () => {
      expect(() => planCheck(ysolde(), cards(), single(['Strength'], 5), { boons: ['spark'] })).toThrow(
        expect.objectContaining({ rule: 'hand.card-not-in-hand' }),
      );
    });
  });

  describe('[check.success-threshold] success', () => {
    it('succeeds at a total equal to the difficulty', () => {
      const [result] = rollCheck(planCheck(ysolde(), cards(), single(['Strength', 'Melee'], 8)), cards(), scriptedRng([6]));
      expect(result.success).toBe(true);
    });

    it('fails one below it', () => {
      const [result] = rollCheck(planCheck(ysolde(), cards(), single(['Strength', 'Melee'], 8)), cards(), scriptedRng([5]));
      expect(result.success).toBe(false);
    });
  });

  describe('[check.steps-then] steps joined by THEN', () => {
    const twoSteps: CheckDefinition = {
      steps: [{ options: [{ skills: ['Dexterity'], difficulty: 4 }] }, { options: [{ skills: ['Strength', 'Melee'], difficulty: 6 }] }],
    };

    it('attempts every step while they succeed, each with its own boons', () => {
      const plan = planCheck(ysolde(), cards(), twoSteps, { boons: [['spyglass'], ['cutlass']] });
      const results = rollCheck(plan, cards(), scriptedRng([2, 2, 1, 3]));
      expect(results.map((r) => [r.total, r.success])).toEqual([
        [4, true],
        [6, true],
      ]);
    });

    it('[check.boon-type-repeated] counts the boons of all steps: one weapon per check, not per step', () => {
      expect(() => planCheck(ysolde(), cards(), twoSteps, { boons: [['cutlass'], ['boarding-axe']] })).toThrow(
        expect.objectContaining({ rule: 'check.boon-type-repeated' }),
      );
    });

    it('stops at the first failed step; later boons are not played', () => {
      const plan = planCheck(ysolde(), cards(), twoSteps, { boons: [[], ['cutlass']] });
      const results = rollCheck(plan, cards(), scriptedRng([3]));
      expect(results).toHaveLength(1);
      expect(results[0].success).toBe(false);
    });
  });
});
