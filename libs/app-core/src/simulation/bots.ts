// Bots for the simulator. Each chooses one of the commands the simulator offers (the legal
// commands of its seat); a bot is made per game, so it may remember what it tried.
import type { Rng } from '@logbook/rules';
import type { BotTurn, PlayCommand } from './bot-turn';
import { greedyChoice, newGreedyMemory } from './greedy';

export type { BotTurn, PlayCommand } from './bot-turn';

export interface Bot {
  choose(turn: BotTurn): PlayCommand;
  /** The rules refused what it chose (an explore whose hidden tile did not fit, or a command of its own making). */
  refused?(command: PlayCommand, turn: BotTurn): void;
}

export const BOT_NAMES = ['random', 'idle', 'greedy'] as const;
export type BotName = (typeof BOT_NAMES)[number];

export const isBotName = (name: string): name is BotName => (BOT_NAMES as readonly string[]).includes(name);

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(0, items.length - 1)] as T;

/** Any legal command, uniformly. */
const randomBot = (): Bot => ({ choose: (turn) => pick(turn.rng, turn.legal) });

/**
 * Ends its turns and answers what the game asks as little as it can: closes damage windows
 * without playing cards, takes a weapon when the plunder roll lets it choose. Only if the rules
 * refuse that does it look at the legal list.
 */
const idleBot = (): Bot => {
  let refusedAt = -1;
  return {
    choose: (turn) => {
      const { state, played } = turn;
      if (refusedAt !== played) {
        if (state.pending?.kind === 'structural-damage') return { type: 'ResolveStructuralDamage' };
        if (state.pending?.kind === 'plunder-choice') return { type: 'ChoosePlunderType', cardType: 'weapon' };
        if (state.navigation) return { type: 'EndNavigation' };
        return { type: 'EndTurn' };
      }
      const minimal = ['EndTurn', 'ResolveStructuralDamage', 'ChoosePlunderType', 'EndNavigation'];
      const legal = turn.legal;
      return legal.find((c) => minimal.includes(c.type)) ?? (legal[0] as PlayCommand);
    },
    refused: (_command, { played }) => {
      refusedAt = played;
    },
  };
};

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
