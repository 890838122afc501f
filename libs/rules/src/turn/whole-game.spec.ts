// Determinism: whole games decided with a seeded source, then rebuilt from their events alone.
import { builtInScenario } from '@logbook/content';
import { decide } from '../decide';
import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { seededRng } from '../random';
import { initialState, type GameState } from '../state';
import { createGameCommand } from '../testing/fixtures';
import { TWIN_SAILS_WIN, respond, twinSailsLoss, type ScriptedCommand } from './testing/voyages';

interface Played {
  log: GameEvent[];
  /** The state after each accepted command, as the decider's working copy saw it. */
  states: Array<{ at: number; state: GameState }>;
}

/** Plays a script; whatever the game waits for in between is answered by the active seat. */
function playVoyage(script: ScriptedCommand[], seed: number): Played {
  const rng = seededRng(seed);
  const log = decide(initialState(), createGameCommand(builtInScenario('twin-sails')!, { players: 2 }), { seat: null, rng });
  let state = foldEvents(log);
  const states: Played['states'] = [];
  const apply = (seat: number, command: Parameters<typeof decide>[1]) => {
    const events = decide(state, command, { seat, rng });
    log.push(...events);
    state = foldEvents(events, state);
    states.push({ at: log.length, state });
  };
  for (const { seat, command } of script) {
    while (state.pending && state.status === 'active') apply(state.turn!.seat, respond(state.pending));
    apply(seat, command);
  }
  return { log, states };
}

describe.each([
  ['to a win', TWIN_SAILS_WIN, 'won'],
  ['to a loss', twinSailsLoss(builtInScenario('twin-sails')!.blessings), 'lost'],
] as const)('a whole game of Twin Sails played %s', (_name, script, outcome) => {
  const { log, states } = playVoyage(script, 2024);
  const final = states.at(-1)!.state;

  it(`ends ${outcome}`, () => {
    expect(final.status).toBe(outcome);
    expect(log.at(-1)?.type).toBe(outcome === 'won' ? 'ScenarioWon' : 'ScenarioLost');
  });

  it('folding the same events twice gives the same state', () => {
    expect(foldEvents(log)).toEqual(foldEvents(log));
    expect(JSON.stringify(foldEvents(log))).toBe(JSON.stringify(foldEvents(log)));
  });

  it('rebuilds every intermediate state from the events alone, never deciding again', () => {
    const random = jest.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('folding must not roll');
    });
    try {
      for (const { at, state } of states) expect(foldEvents(log.slice(0, at))).toEqual(state);
    } finally {
      random.mockRestore();
    }
  });

  it('rebuilds the same state from events that went through JSON, as a store keeps them', () => {
    expect(foldEvents(JSON.parse(JSON.stringify(log)) as GameEvent[])).toEqual(final);
  });

  it('decides the same events again from the same seed and commands', () => {
    expect(playVoyage(script, 2024).log).toEqual(log);
  });
});
