// Random play: seats send random orders (most of them illegal) to a game and the legal ones are
// kept. Used as a fuzz test (anything a client can send is either decided or a RuleViolation,
// never a crash) and to make whole games for read-model and benchmark tests.
import { builtInScenario } from '@logbook/content';
import type { CommandOfType, GameCommand, GameCommandType } from '../commands';
import { decide, decideAndApply } from '../decide';
import { RuleViolation } from '../errors';
import type { GameEvent } from '../events';
import { applyEvent } from '../evolve';
import { seededRng, type Rng } from '../random';
import { PLUNDER_TYPES } from '../plunder/plunder-types';
import { cloneState, initialState, type GameState } from '../state';
import { createGameCommand } from './fixtures';

export interface RandomGame {
  events: GameEvent[];
  state: GameState;
  accepted: number;
  rejected: number;
}

type PlayCommandType = Exclude<GameCommandType, 'CreateGame'>;

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(0, items.length - 1)];

/** A random command, shaped like what a client could send (ids from the state, or made up). */
export function randomCommand(rng: Rng, state: GameState): GameCommand {
  const enemyShips = [...Object.keys(state.enemyShips), 'no-such-ship'];
  const enemies = [...Object.values(state.ships).flatMap((s) => s.enemiesOnDeck.map((e) => e.enemyId)), 'no-such-enemy'];
  const cards = [...Object.values(state.characters).flatMap((c) => c.hand), 'no-such-card'];
  const crew = Object.values(state.ships).flatMap((s) => s.crew.map((c) => c.crewId));
  const nodes = Object.values(state.ships).flatMap((s) => s.nodes);
  const hexes = Object.values(state.hexes);
  const direction = pick(rng, ['cw', 'ccw'] as const);
  const step = () => pick(rng, [{ action: 'move' as const }, { action: 'turn' as const, direction }, { action: 'explore' as const }]);
  // One entry per command type (the compiler lists a new command missing here); a type listed
  // twice is drawn twice as often. The flattened order is part of the recorded fixtures: the same
  // rng must keep giving the same commands, so append new types at the end.
  const generators: { [K in PlayCommandType]: Array<() => CommandOfType<K>> } = {
    StartNavigation: [() => ({ type: 'StartNavigation' })],
    MoveShip: [() => ({ type: 'MoveShip' }), () => ({ type: 'MoveShip' })],
    TurnShip: [() => ({ type: 'TurnShip', direction })],
    ExploreTile: [() => ({ type: 'ExploreTile', ...(rng.int(0, 1) ? { rotation: rng.int(0, 5) as 0 } : {}) })],
    EndNavigation: [() => ({ type: 'EndNavigation' })],
    Navigate: [() => ({ type: 'Navigate', steps: Array.from({ length: rng.int(1, 4) }, step) })],
    MoveCrew: [() => ({ type: 'MoveCrew', crewId: pick(rng, [...crew, 'nobody']), node: pick(rng, [...nodes, 'mast']) })],
    DropAnchor: [() => ({ type: 'DropAnchor' })],
    WeighAnchor: [() => ({ type: 'WeighAnchor' })],
    EndTurn: [() => ({ type: 'EndTurn' }), () => ({ type: 'EndTurn' })],
    EngageShip: [() => ({ type: 'EngageShip', enemyShipId: pick(rng, enemyShips), seize: rng.int(0, 1) === 1, boons: [pick(rng, cards)] })],
    AttemptRepair: [() => ({ type: 'AttemptRepair', option: rng.int(0, 2) })],
    ReduceStructuralDamage: [
      () => ({ type: 'ReduceStructuralDamage', discard: [pick(rng, cards)] }),
      () => ({ type: 'ReduceStructuralDamage', play: [pick(rng, cards)] }),
    ],
    ResolveStructuralDamage: [() => ({ type: 'ResolveStructuralDamage' })],
    ChoosePlunderType: [() => ({ type: 'ChoosePlunderType', cardType: pick(rng, PLUNDER_TYPES) })],
    LootShipwreck: [() => ({ type: 'LootShipwreck' })],
    RepelEnemy: [() => ({ type: 'RepelEnemy', enemyId: pick(rng, enemies), option: [rng.int(0, 3)] })],
    PurgeAltar: [() => ({ type: 'PurgeAltar', hex: hexes.length ? pick(rng, hexes) : { q: 0, r: 0 } })],
    Embark: [() => ({ type: 'Embark', shipId: pick(rng, [...Object.keys(state.ships), 'raft']) })],
    Disembark: [() => ({ type: 'Disembark' })],
    SetFollowShip: [() => ({ type: 'SetFollowShip', follow: rng.int(0, 1) === 1 })],
  };
  const options: Array<() => GameCommand> = Object.values(generators).flat();
  return pick(rng, options)();
}

/**
 * Plays `commands` random commands from random seats (the active seat most of the time).
 * Throws whatever is not a RuleViolation: that is a bug in the rules.
 */
export function playRandomGame(scenarioId: string, options: { seed: number; players?: number; commands: number; gameId?: string }): RandomGame {
  const chooser = seededRng(options.seed);
  const dice = seededRng(options.seed * 7919 + 1);
  const players = options.players ?? 2;
  const events = decide(initialState(), createGameCommand(builtInScenario(scenarioId)!, { players, gameId: options.gameId }), {
    seat: null,
    rng: dice,
  });
  // The state is what decideAndApply returns, never a fold of the events: the spec compares the two.
  let state = initialState();
  for (const event of events) applyEvent(state, event);
  let accepted = 0;
  let rejected = 0;
  for (let i = 0; i < options.commands && state.status === 'active'; i++) {
    const command = randomCommand(chooser, state);
    const seat = chooser.int(0, 4) === 0 ? chooser.int(1, players + 1) : (state.turn?.seat ?? 1);
    const before = JSON.stringify(state);
    try {
      const decided = decideAndApply(state, command, { seat, rng: dice });
      state = decided.state;
      events.push(...decided.events);
      accepted += 1;
    } catch (error) {
      if (!(error instanceof RuleViolation)) {
        throw new Error(`${command.type} from seat ${seat} crashed the rules: ${(error as Error).stack}`, { cause: error });
      }
      if (JSON.stringify(state) !== before) throw new Error(`${command.type} was rejected but changed the state`, { cause: error });
      rejected += 1;
    }
  }
  return { events, state: cloneState(state), accepted, rejected };
}
