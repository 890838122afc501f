// decide() per command, in process: the cost of one decision on a mid-game state (copying the
// state, the rules, applying to the working copy). Figures for `npm run bench`, not a test.
import { performance } from 'node:perf_hooks';
import { decide, legalCommands, RuleViolation, seededRng, type GameCommand, type GameState } from '@logbook/rules';
import { playRandomGame, randomCommand } from '@logbook/rules/testing/random-play';

export interface DecideFigures {
  decisions: number;
  accepted: number;
  microsPerDecision: number;
  /** The accepted commands alone, decided again. */
  microsPerAccepted: number;
  /** structuredClone of the same states: what every decision paid before copy-on-write. */
  microsPerClone: number;
}

/** Mid-game states of random games, and random commands against them (most refused, some accepted). */
export function measureDecide(samples = 4000): DecideFigures {
  const states: GameState[] = [];
  for (let seed = 1; states.length < 20; seed++) {
    const game = playRandomGame(seed % 2 ? 'first-voyage' : 'twin-sails', { seed, commands: 300 });
    if (game.state.status === 'active') states.push(game.state);
  }
  const chooser = seededRng(99);
  const work: Array<{ state: GameState; command: GameCommand; seat: number }> = [];
  for (let i = 0; i < samples; i++) {
    const state = states[i % states.length];
    work.push({ state, command: randomCommand(chooser, state), seat: state.turn?.seat ?? 1 });
  }
  const dice = seededRng(7);
  let accepted = 0;
  const run = () => {
    accepted = 0;
    for (const { state, command, seat } of work) {
      try {
        decide(state, command, { seat, rng: dice });
        accepted++;
      } catch (error) {
        if (!(error instanceof RuleViolation)) throw error;
      }
    }
  };
  const acceptedWork: typeof work = [];
  for (const item of work) {
    try {
      decide(item.state, item.command, { seat: item.seat, rng: dice });
      acceptedWork.push(item);
    } catch {
      /* refused */
    }
  }
  run(); // warm-up
  const started = performance.now();
  run();
  const ms = performance.now() - started;
  const acceptedStarted = performance.now();
  for (let i = 0; i < 4; i++) for (const { state, command, seat } of acceptedWork) decide(state, command, { seat, rng: dice });
  const acceptedMs = (performance.now() - acceptedStarted) / 4;
  const cloneStarted = performance.now();
  for (const { state } of work) structuredClone(state);
  const cloneMs = performance.now() - cloneStarted;
  return {
    decisions: work.length,
    accepted,
    microsPerDecision: (ms * 1000) / work.length,
    microsPerAccepted: (acceptedMs * 1000) / acceptedWork.length,
    microsPerClone: (cloneMs * 1000) / work.length,
  };
}

/** legalCommands on mid-game states: candidate enumeration plus a trial decision for each. */
export function measureLegalCommands(calls = 400): { microsPerCall: number; cpuMicrosPerCall: number; optionsPerCall: number } {
  const states: GameState[] = [];
  for (let seed = 1; states.length < 20; seed++) {
    const game = playRandomGame(seed % 2 ? 'first-voyage' : 'twin-sails', { seed, commands: 300 });
    if (game.state.status === 'active') states.push(game.state);
  }
  let options = 0;
  for (const state of states) legalCommands(state, state.turn!.seat); // warm-up
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const state = states[i % states.length];
    options += legalCommands(state, state.turn!.seat).length;
  }
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  return { microsPerCall: (ms * 1000) / calls, cpuMicrosPerCall: (used.user + used.system) / calls, optionsPerCall: options / calls };
}

if (require.main === module) {
  const l = measureLegalCommands();
  console.log(
    `legalCommands: ${l.microsPerCall.toFixed(0)} µs a call (${l.cpuMicrosPerCall.toFixed(0)} µs CPU), ${l.optionsPerCall.toFixed(1)} options on average`,
  );
  for (let i = 0; i < 3; i++) {
    const f = measureDecide();
    console.log(
      `decide: ${f.decisions} random commands on mid-game states, ${f.microsPerDecision.toFixed(1)} µs each;` +
        ` the ${f.accepted} accepted ones alone ${f.microsPerAccepted.toFixed(1)} µs each;` +
        ` structuredClone of the state alone (what every decision paid before) ${f.microsPerClone.toFixed(1)} µs`,
    );
  }
}
