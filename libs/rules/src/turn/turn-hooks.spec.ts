// The turn flow calls the ships rules' hooks at fixed moments; here they are replaced by spies
// that note which turn-flow events had been decided when each was called.
import type { Decision } from '../decision';
import { given } from '../testing/decider-spec';
import { atSea, explore, play, stackTile, start } from '../navigation/testing/sea-kit';

const calls: Array<{ hook: string; before: string[]; turn: number | undefined }> = [];
const spy = (hook: string) => (decision: Decision) =>
  calls.push({ hook, before: decision.events.map((e) => e.type), turn: decision.state.turn?.seat });

jest.mock('../ships/ships.hooks', () => ({
  endOfTurnEffects: jest.fn((d: Decision) => spy('endOfTurn')(d)),
  endOfRoundEffects: jest.fn((d: Decision) => spy('endOfRound')(d)),
  scenarioEndEffects: jest.fn((d: Decision, outcome: string) => spy(`scenarioEnd:${outcome}`)(d)),
}));

beforeEach(() => (calls.length = 0));

describe('the turn flow calls the ships rules', () => {
  it('end of turn: while the turn is still the active seat’s, before it ends', () => {
    given(atSea({}, { players: 2 })).when({ type: 'EndTurn' }).events();
    expect(calls).toEqual([{ hook: 'endOfTurn', before: [], turn: 1 }]);
  });

  it('end of round: after the last seat’s turn ended, before the round ends', () => {
    const log = play(atSea({}, { players: 2 }), { type: 'EndTurn' });
    calls.length = 0;
    given(log).when({ type: 'EndTurn' }, { seat: 2 }).events();
    expect(calls.map((c) => c.hook)).toEqual(['endOfTurn', 'endOfRound']);
    expect(calls[1].before).toEqual(['TurnEnded']);
  });

  it('scenario end: just before the scenario is lost', () => {
    given(atSea({ tweak: (s) => (s.blessings = 1) })).when({ type: 'EndTurn' }).events();
    expect(calls.at(-1)).toMatchObject({ hook: 'scenarioEnd:lost', before: ['TurnEnded', 'RoundEnded', 'TurnStarted'] });
  });

  it('scenario end: just before the scenario is won', () => {
    const winning = atSea({ radius: 1, ship: { hex: { q: 0, r: -1 } }, stack: [stackTile('crown', 1, 12)] });
    given(play(winning, start)).when(explore()).events();
    expect(calls).toEqual([{ hook: 'scenarioEnd:won', before: ['TileExplored'], turn: 1 }]);
  });
});
