// Given events / When command / Then events, as Emmett's DeciderSpecification.
import type { GameCommand } from '../commands';
import { decide } from '../decide';
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import { foldEvents } from '../evolve';
import { scriptedRng, seededRng, type Rng } from '../random';
import type { GameState } from '../state';

export interface WhenOptions {
  seat?: number | null;
  /** Dice and draws the command will take, in order; a seeded source when omitted. */
  rolls?: number[];
  rng?: Rng;
}

export const given = (events: GameEvent[]) => {
  const state = foldEvents(events);
  return {
    state,
    when(command: GameCommand, options: WhenOptions = {}) {
      const rng = options.rng ?? (options.rolls ? scriptedRng(options.rolls) : seededRng(1));
      const seat = options.seat === undefined ? (state.turn?.seat ?? null) : options.seat;
      const run = () => decide(state, command, { seat, rng });
      return {
        /** The events decided (throws if the command was rejected). */
        events: (): GameEvent[] => run(),
        then(expected: GameEvent[] | ((events: GameEvent[], after: GameState) => void)) {
          const events = run();
          if (typeof expected === 'function') expected(events, foldEvents(events, state));
          else expect(events).toEqual(expected);
        },
        /** The command is accepted and decides no event at all. */
        thenNothingHappened() {
          expect(run()).toEqual([]);
        },
        /** Rejected with this rule id; when `message` is given, the refusal's message must match it too. */
        thenRejects(rule: string, message?: string | RegExp) {
          let error: unknown;
          try {
            run();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(RuleViolation);
          expect((error as RuleViolation).rule).toBe(rule);
          if (message !== undefined) expect((error as RuleViolation).message).toMatch(message);
        },
      };
    },
  };
};

/** The id of the rule that refuses `run`, or undefined when it runs; any other error is thrown on. */
export const refusedBy = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return error.rule;
    throw error;
  }
  return undefined;
};
