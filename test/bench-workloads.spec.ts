// The benchmark workloads are what their figures claim: boardgame.io's move/turn workload has
// exactly the counts it is compared on, Logbook's rules accept every command of its scripts, and
// boardgame.io itself (the figure the target doubles) accepts every call and ends where the script does.
import { parseScenario } from '@logbook/content';
import { applyEvents, decide, initialState, RuleViolation, seededRng, type GameEvent, type GameState, type PlayCommand } from '@logbook/rules';
import { bgioCalls, bgioServer } from '../bench/perf/bgio-reference';
import {
  BGIO_EXPECTED,
  BGIO_GAMES,
  BGIO_ONE_PER_ACTION_COMMANDS,
  bgioScenario,
  bgioScript,
  bgioScriptEnd,
  oneCommandPerAction,
  scriptCounts,
  type ScriptStep,
} from '../bench/perf/bgio-workload';
import { SETUP_RESPONSE } from '../bench/perf/hex-navigation';

/** Game `index` of the workload through the rules, set up as the bench sets it up, then `script`: its whole log and its state. */
function played(index: number, script: ScriptStep[]): { log: GameEvent[]; state: GameState } {
  const parsed = parseScenario(bgioScenario());
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const rng = seededRng(index);
  let state: GameState = initialState();
  const log: GameEvent[] = [];
  const apply = (events: GameEvent[]) => {
    log.push(...events);
    state = applyEvents(state, events);
  };
  apply(
    decide(
      state,
      { type: 'CreateGame', gameId: `g${index}`, scenario: parsed.scenario, players: [{ name: 'One' }, { name: 'Two' }], mode: 'standard' },
      { seat: null, rng },
    ),
  );
  // Each ship's plunder may wait for a type, answered by its seat.
  for (let i = 0; i < 4; i++) {
    try {
      apply(decide(state, SETUP_RESPONSE as PlayCommand, { seat: (i % 2) + 1, rng }));
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
    }
  }
  for (const step of script) apply(decide(state, step.command as PlayCommand, { seat: step.seat + 1, rng }));
  return { log, state };
}

describe("boardgame.io's move/turn workload", () => {
  it('adds up to 9,031 moves, 10,969 turns and 8,966 turn ends in 46,998 commands over its 100 games', () => {
    expect(scriptCounts(Array.from({ length: BGIO_GAMES }, (_, i) => bgioScript(i)))).toEqual(BGIO_EXPECTED);
  });

  it.each([0, 1, 57, 99])('game %i: the rules accept every command of its script, and the game is still on at the end', (index) => {
    expect(played(index, bgioScript(index)).state.status).toBe('active');
  });

  it.each([0, 1, 57, 99])("game %i: boardgame.io's Master accepts every call of its script and ends with the ships where the script does", async (index) => {
    const server = bgioServer();
    server.newMatch(`match-${index}`);
    const calls = bgioCalls(bgioScript(index));
    expect(calls.length).toBe(200 + bgioScript(index).filter((step) => step.command.type === 'EndTurn').length);
    expect(await server.play(`match-${index}`, calls)).toBe(0);
    expect(server.ships(`match-${index}`)).toEqual(bgioScriptEnd(index));
  });

  it("boardgame.io refuses a move the workload's rules forbid (a turn's points spent), so its acceptance means something", async () => {
    // boardgame.io reports the refusal on the console (outside production builds).
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = bgioServer();
    server.newMatch('spent');
    // Three turns spend the 3 points of seat 0's turn (its ship starts on sea); a fourth is refused.
    const turn = bgioCalls([{ seat: 0, command: { type: 'TurnShip', direction: 'cw' }, action: true }]);
    expect(await server.play('spent', [...turn, ...turn, ...turn])).toBe(0);
    expect(await server.play('spent', turn)).toBe(1);
    expect(reported).toHaveBeenCalledWith('ERROR:', expect.stringContaining('invalid move: turn'));
    reported.mockRestore();
  });

  it('in one command per action: the same moves, turns and turn ends in 28,966 commands, as many as boardgame.io calls', () => {
    const scripts = Array.from({ length: BGIO_GAMES }, (_, i) => oneCommandPerAction(bgioScript(i)));
    expect(scriptCounts(scripts)).toEqual({ ...BGIO_EXPECTED, commands: BGIO_ONE_PER_ACTION_COMMANDS });
    expect(scripts.reduce((sum, script) => sum + bgioCalls(script).length, 0)).toBe(BGIO_ONE_PER_ACTION_COMMANDS);
  });

  it.each([0, 42, 99])('game %i in one command per action decides the very events of the workload as written', (index) => {
    expect(played(index, oneCommandPerAction(bgioScript(index))).log).toEqual(played(index, bgioScript(index)).log);
  });
});
