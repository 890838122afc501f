// The words table is keyed by every command and event type: one missing is a compile error
// (checked by `npm run typecheck`, whose root tsconfig includes this spec).
import type { GameCommandType, GameEventType, HistoryCommand } from '@logbook/rules';
import { COMMAND_WORDS, EVENT_WORDS, eventPhrase, type CommandWords } from './words';

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
};

describe('the words', () => {
  it('name a turn by the facing reached', () => {
    expect(eventPhrase('ShipTurned', { shipId: 'gull', from: 0, to: 1, cost: 1 }, names)).toBe('The Gull turned to face north-east');
    expect(COMMAND_WORDS.TurnShip.done({ type: 'TurnShip', direction: 'cw' }, names)).toBe('turned the ship clockwise');
    expect(Object.keys(missingCommand)).not.toContain('TurnShip');
    expect(Object.keys(missingEvent)).not.toContain('ShipTurned');
  });
});
