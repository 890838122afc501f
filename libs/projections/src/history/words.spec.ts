// The words table is keyed by every command and event type: one missing is a compile error
// (checked by `npm run typecheck`, whose root tsconfig includes this spec).
import type { GameCommandType, GameEventType, HistoryCommand } from '@logbook/rules';
import { COMMAND_WORDS, EVENT_WORDS, eventPhrase, type CommandWords, type NameLookup } from './words';

const { TurnShip: _turn, ...withoutTurnShip } = COMMAND_WORDS;
// @ts-expect-error TurnShip has no words: the table does not compile.
const missingCommand: Record<GameCommandType | HistoryCommand['type'], CommandWords> = withoutTurnShip;

const { ShipTurned: _turned, ...withoutShipTurned } = EVENT_WORDS;
// @ts-expect-error ShipTurned has no words: the table does not compile.
const missingEvent: Record<GameEventType, unknown> = withoutShipTurned;

const names = {
  seat: (n: number) => `Seat ${n}`,
  ship: (id: string) => (id === 'gull' ? 'The Gull' : id),
  character: (id: string) => id,
  crew: (id: string) => id,
  card: (id: string) => id,
};

describe('the words', () => {
  it('name a turn by the facing reached', () => {
    expect(eventPhrase('ShipTurned', { shipId: 'gull', from: 0, to: 1, cost: 1 }, names)).toBe('The Gull turned to face north-east');
    expect(COMMAND_WORDS.TurnShip.done({ type: 'TurnShip', direction: 'cw' }, names)).toBe('turned the ship clockwise');
    expect(Object.keys(missingCommand)).not.toContain('TurnShip');
    expect(Object.keys(missingEvent)).not.toContain('ShipTurned');
  });

  it('say "an" before a vowel: an ally, an item', () => {
    expect(eventPhrase('PlunderStashed', { shipId: 'gull', cardType: 'ally' }, names)).toBe('an ally stashed under The Gull');
    expect(eventPhrase('PlunderAddedToHand', { characterId: 'ana', cardType: 'item' }, names)).toBe("an item to ana's hand");
    expect(eventPhrase('PlunderAddedToHand', { characterId: 'ana', cardType: 'blessing' }, names)).toBe("a blessing to ana's hand");
  });

  describe('options', () => {
    const catalogue: NameLookup = {
      ...names,
      ship: (id) => (id === 'lantern-1' ? 'Red Lantern' : id),
      card: (id) => ({ cutlass: 'Cutlass', 'blessing-of-the-tides': 'Blessing of the Tides', 'ships-cat': "Ship's Cat" })[id] ?? id,
      check: () => ({
        steps: [
          {
            options: [
              { skills: ['Strength', 'Melee'], difficulty: 7 },
              { skills: ['Dexterity'], difficulty: 6 },
            ],
          },
        ],
      }),
    };
    const label = (command: Record<string, unknown>) => COMMAND_WORDS[command.type as keyof typeof COMMAND_WORDS].label(command, catalogue);

    it('name a check option by its skills and a boon by its card, never by index or id', () => {
      expect(label({ type: 'EngageShip', enemyShipId: 'lantern-1', option: 1 })).toBe('Engage Red Lantern using Dexterity 6');
      expect(label({ type: 'EngageShip', enemyShipId: 'lantern-1', boons: ['cutlass', 'blessing-of-the-tides'] })).toBe(
        'Engage Red Lantern with Cutlass + Blessing of the Tides',
      );
      expect(label({ type: 'ReduceStructuralDamage', play: ['ships-cat'] })).toBe("Reduce the damage: play Ship's Cat");
    });

    it('tell the ways of navigating apart', () => {
      const navigation = [
        { type: 'StartNavigation' },
        { type: 'MoveShip' },
        { type: 'TurnShip', direction: 'cw' },
        { type: 'TurnShip', direction: 'ccw' },
        { type: 'ExploreTile' },
        { type: 'ExploreTile', rotation: 2 },
        { type: 'Navigate', steps: [{ action: 'move' }] },
        { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] },
        { type: 'Navigate', steps: [{ action: 'explore' }] },
      ].map(label);
      expect(new Set(navigation).size).toBe(navigation.length);
      expect(navigation).toContain('Turn clockwise ⟳');
      expect(navigation).toContain('Whole order: turn clockwise, then end navigation');
    });
  });
});
