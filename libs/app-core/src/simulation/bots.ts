// Bots for the simulator. Each chooses one of the commands the simulator offers (the legal
// commands of its seat); a bot is made per game, so it may remember what it tried.
import type { GameState, Rng } from '@logbook/rules';
import type { PlayCommand } from './candidates';
import { greedyChoice, newGreedyMemory } from './greedy';

export interface BotTurn {
  state: GameState;
  seat: number;
  /** The commands the seat may send now (never empty when asked). */
  legal: PlayCommand[];
  /** The bot's own seeded source: the same seed makes the same choices. */
  rng: Rng;
  /** Actions accepted so far in the game: what was refused before the last one may be legal now. */
  played: number;
}

export interface Bot {
  choose(turn: BotTurn): PlayCommand;
  /** The rules refused what it chose (only when the offered list was a superset). */
  refused?(command: PlayCommand, turn: BotTurn): void;
}

export const BOT_NAMES = ['random', 'idle', 'greedy'] as const;
export type BotName = (typeof BOT_NAMES)[number];

export const isBotName = (name: string): name is BotName => (BOT_NAMES as readonly string[]).includes(name);

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(0, items.length - 1)] as T;

/** Any legal command, uniformly. */
const randomBot = (): Bot => ({ choose: ({ legal, rng }) => pick(rng, legal) });

/**
 * Ends its turns and answers what the game asks as little as it can: closes damage windows
 * without playing cards, takes the first plunder type offered.
 */
const idleBot = (): Bot => ({
  choose: ({ legal }) =>
    legal.find((c) => c.type === 'EndTurn') ??
    legal.find((c) => c.type === 'ResolveStructuralDamage') ??
    legal.find((c) => c.type === 'ChoosePlunderType') ??
    legal.find((c) => c.type === 'EndNavigation') ??
    (legal[0] as PlayCommand),
});

/** Plays with intent: explores toward clues, repairs, avoids storms, engages when the odds are good. */
const greedyBot = (): Bot => {
  const memory = newGreedyMemory();
  return {
    choose: (turn) => greedyChoice(turn, memory),
    refused: (command, turn) => memory.refuse(command, turn.state),
  };
};

export const makeBot = (name: BotName): Bot => {
  switch (name) {
    case 'random':
      return randomBot();
    case 'idle':
      return idleBot();
    case 'greedy':
      return greedyBot();
    default: {
      const never: never = name;
      throw new Error(`unknown bot ${String(never)}`);
    }
  }
};
