// Scenario builders for rule tests. Tests start from the built-in first voyage and tweak it,
// so every test reads as "the first voyage, except …".
import { builtInScenario } from '@logbook/content';
import type { GameCommand } from '../commands';
import { decide } from '../decide';
import type { GameEvent } from '../events';
import { seededRng } from '../random';
import type { ScenarioDefinition } from '../scenario';
import { initialState, type GameMode } from '../state';

export const firstVoyage = (): ScenarioDefinition => builtInScenario('first-voyage')!;

export interface SetupOptions {
  players?: number;
  mode?: GameMode;
  seed?: number;
  gameId?: string;
}

export const createGameCommand = (scenario: ScenarioDefinition, options: SetupOptions = {}): GameCommand => ({
  type: 'CreateGame',
  gameId: options.gameId ?? 'test-game',
  scenario,
  players: Array.from({ length: options.players ?? 1 }, (_, i) => ({ name: `Player ${i + 1}` })),
  mode: options.mode ?? 'standard',
});

/** The events that start a game of `scenario`. */
export const setupEvents = (scenario: ScenarioDefinition = firstVoyage(), options: SetupOptions = {}): GameEvent[] =>
  decide(initialState(), createGameCommand(scenario, options), { seat: null, rng: seededRng(options.seed ?? 7) });
