// The turn flow runs the features' end-of-turn, end-of-round and end-of-scenario hooks at fixed
// moments, in the order decide.ts registers them; here each feature's hooks are replaced by spies
// that note which turn-flow events had been decided when each was called.
import type { Decision } from '../decision';
import { given } from '../testing/decider-spec';
import { atSea, explore, play, stackTile, start } from '../navigation/testing/sea-kit';

const calls: Array<{ hook: string; before: string[]; turn: number | undefined }> = [];
const spy = (hook: string) => (decision: Decision) => calls.push({ hook, before: decision.events.map((e) => e.type), turn: decision.state.turn?.seat });

jest.mock('../plunder/plunder.hooks', () => ({
  plunderHooks: {
    onTurnEnd: jest.fn((d: Decision) => spy('plunder:turnEnd')(d)),
    onScenarioEnd: jest.fn((d: Decision, outcome: string) => spy(`plunder:scenarioEnd:${outcome}`)(d)),
  },
}));
jest.mock('../characters/characters.hooks', () => ({
  characterHooks: { onTurnEnd: jest.fn((d: Decision) => spy('characters:turnEnd')(d)) },
}));
jest.mock('../enemies/enemies.hooks', () => ({
  enemyHooks: { onRoundEnd: jest.fn((d: Decision) => spy('enemies:roundEnd')(d)) },
}));

beforeEach(() => (calls.length = 0));

describe("the turn flow runs the features' phase hooks", () => {
  it('end of turn: while the turn is still the active seat’s, before it ends, plunder before characters', () => {
    given(atSea({}, { players: 2 }))
      .when({ type: 'EndTurn' })
      .events();
    expect(calls).toEqual([
      { hook: 'plunder:turnEnd', before: [], turn: 1 },
      { hook: 'characters:turnEnd', before: [], turn: 1 },
    ]);
  });

  it('end of round: after the last seat’s turn ended, before the round ends', () => {
    const log = play(atSea({}, { players: 2 }), { type: 'EndTurn' });
    calls.length = 0;
    given(log).when({ type: 'EndTurn' }, { seat: 2 }).events();
    expect(calls.map((c) => c.hook)).toEqual(['plunder:turnEnd', 'characters:turnEnd', 'enemies:roundEnd']);
    expect(calls[2].before).toEqual(['TurnEnded']);
  });

  it('scenario end: just before the scenario is lost', () => {
    given(atSea({ tweak: (s) => (s.blessings = 1) }))
      .when({ type: 'EndTurn' })
      .events();
    expect(calls.at(-1)).toMatchObject({ hook: 'plunder:scenarioEnd:lost', before: ['TurnEnded', 'RoundEnded', 'TurnStarted'] });
  });

  it('scenario end: just before the scenario is won', () => {
    const winning = atSea({ radius: 1, ship: { hex: { q: 0, r: -1 } }, stack: [stackTile('crown', 1, 12)] });
    given(play(winning, start)).when(explore()).events();
    expect(calls).toEqual([{ hook: 'plunder:scenarioEnd:won', before: ['TileExplored'], turn: 1 }]);
  });
});
