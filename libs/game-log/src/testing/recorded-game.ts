// Whole random games recorded as the server records them (an action's command, seat and draws on
// its first event), for the property tests of re-decision, export/import and forks.
import type { RecordedEvent } from '@logbook/event-store';
import { builtInScenario } from '@logbook/content';
import {
  decide,
  decideWithHistory,
  GameHistory,
  initialState,
  recordingRng,
  RuleViolation,
  seededRng,
  type GameCommand,
  type GameMode,
  type GameState,
  type LogCommand,
} from '@logbook/rules';
import { randomCommand } from '@logbook/rules/testing/random-play';
import { actionMetadata, type RecordedCommand } from '../action-metadata';
import { toNewEvents } from '../game-events';

export interface RecordedGameOptions {
  seed: number;
  commands: number;
  players?: number;
  mode?: GameMode;
  scenario?: string;
  gameId?: string;
  /** Chance (0..1) that a step sends Undo or Redo instead of a random order; 0 by default. */
  undoRedo?: number;
}

export interface RecordedGame {
  gameId: string;
  events: RecordedEvent[];
  state: GameState;
}

/** Appends one decided action to `log` as the command path does. */
export function recordAction(
  log: RecordedEvent[],
  gameId: string,
  commandId: string,
  seat: number | null,
  command: RecordedCommand,
  events: ReturnType<typeof decide>,
  draws: number[],
  commandSecret?: Record<string, unknown>,
): void {
  const { first, rest } = actionMetadata({
    commandId,
    seat,
    recordedAt: '2026-01-01T00:00:00.000Z',
    command,
    commandFingerprint: 'test',
    draws,
    commandSecret,
  });
  for (const event of toNewEvents(gameId, commandId, events, rest, first)) {
    log.push({ ...event, streamId: `game-${gameId}`, revision: log.length, position: BigInt(log.length), metadata: event.metadata ?? {}, schemaVersion: 1 });
  }
}

export function recordRandomGame(options: RecordedGameOptions): RecordedGame {
  const gameId = options.gameId ?? `recorded-${options.seed}`;
  const chooser = seededRng(options.seed);
  const dice = seededRng(options.seed * 7919 + 1);
  const players = options.players ?? 2;
  const log: RecordedEvent[] = [];
  const history = new GameHistory();
  const create: GameCommand = {
    type: 'CreateGame',
    gameId,
    scenario: builtInScenario(options.scenario ?? 'first-voyage')!,
    players: Array.from({ length: players }, (_, i) => ({ name: `Player ${i + 1}` })),
    mode: options.mode ?? 'standard',
  };
  const setup = recordingRng(dice);
  const created = decide(initialState(), create, { seat: null, rng: setup.rng });
  // As the server records it: the scenario document apart, as a secret.
  const { scenario, ...body } = create;
  recordAction(log, gameId, `create-${gameId}`, null, { ...body, scenario: scenario.id }, created, setup.draws, { scenario });
  history.record(`create-${gameId}`, null, created);
  const undoRedo = Math.round((options.undoRedo ?? 0) * 1000);
  for (let i = 0; i < options.commands && history.state.status === 'active'; i++) {
    const state = history.state;
    const roll = chooser.int(0, 999);
    const command: LogCommand = roll < undoRedo / 2 ? { type: 'Undo' } : roll < undoRedo ? { type: 'Redo' } : randomCommand(chooser, state);
    const seat = chooser.int(0, 4) === 0 ? chooser.int(1, players) : (state.turn?.seat ?? 1);
    const { rng, draws } = recordingRng(dice);
    try {
      const decided = decideWithHistory(history, command, { seat, rng });
      recordAction(log, gameId, `c${i}`, seat, command as unknown as RecordedCommand, decided.events, draws);
      history.record(`c${i}`, seat, decided.events, decided.state);
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
    }
  }
  return { gameId, events: log, state: history.state };
}
