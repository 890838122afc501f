// Each per-game figure checked against a game built by hand, where the answer is known.
import { builtInScenario } from '@logbook/content';
import { decide, foldEvents, initialState, seededRng, type GameCommand, type GameEvent } from '@logbook/rules';
import { createGameCommand } from '@logbook/rules/testing/fixtures';
import { TWIN_SAILS_WIN, respond } from '@logbook/rules/turn/testing/voyages';
import { foldAnalytics, type AnalyticsEvent } from './game-analytics';

const tile = (tileId: string, act: number, clues: number) => ({
  tileId,
  act,
  clues,
  hexes: [
    { q: 0, r: 0, terrain: 'sea' },
    { q: 1, r: 0, terrain: 'sea' },
  ],
});

/** A voyage written event by event: every figure below can be counted off it by eye. */
function handBuiltGame(): AnalyticsEvent[] {
  const at = (s: number) => ({ recordedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString() });
  const events: Array<[string, unknown, Record<string, unknown>?]> = [
    [
      'GameCreated',
      {
        gameId: 'g1',
        mode: 'standard',
        seats: [
          { seat: 1, name: 'Ana', characterId: 'ysolde' },
          { seat: 2, name: 'Bo', characterId: 'tamsin' },
        ],
        scenario: {
          id: 'hand',
          name: 'By hand',
          clueGoal: 6,
          storms: [{ q: 0, r: -1 }],
          tiles: [tile('home', 1, 0)],
          startingTiles: [{ tileId: 'home', anchor: { q: 0, r: 0 }, rotation: 0 }],
          playerShips: [{ shipId: 'gull', hex: { q: 0, r: 0 } }],
        },
      },
      { ...at(0), simulation: { simulated: true, bot: 'greedy', seed: 9, index: 3 } },
    ],
    ['PlunderRolled', { roll: 4, cardType: 'item', destination: 'stash', shipId: 'gull', characterId: null, reason: 'setup' }],
    ['PlunderStashed', { shipId: 'gull', cardType: 'item' }],
    ['TurnStarted', { seat: 1, round: 1, ordersLeft: 3 }, at(1)],
    ['NavigationOrderIssued', { shipId: 'gull', points: 3 }, at(2)],
    ['ShipMoved', { shipId: 'gull', from: { q: 0, r: 0 }, to: { q: 1, r: 0 }, cost: 1, carried: [], leftBehind: [] }],
    ['TileExplored', { shipId: 'gull', tileId: 'east', hex: { q: 2, r: 0 }, rotation: 0, clues: 2, cost: 1, tile: tile('east', 1, 2) }],
    ['ActAdvanced', { from: 1, to: 2, clues: 2, spawned: [] }],
    ['NavigationOrderCompleted', { shipId: 'gull', unusedPoints: 1 }],
    ['ShipTurned', { shipId: 'gull', from: 0, to: 1, cost: 2 }, at(4)],
    ['StructuralDamageDealt', { shipId: 'gull', source: 'storm', dealt: 1, modifiers: [], amount: 1 }],
    ['StructuralDamageResolved', { shipId: 'gull', dealt: 1, amount: 1, outcome: 'wrecked' }, at(5)],
    ['ShipWrecked', { shipId: 'gull' }],
    ['TurnEnded', { seat: 1, round: 1 }, at(11)],
    ['TurnStarted', { seat: 2, round: 1, ordersLeft: 3 }],
    ['RepairAttempted', { seat: 2, shipId: 'gull' }, at(12)],
    ['ShipRepaired', { shipId: 'gull' }],
    ['ShipEncountered', { seat: 2, characterId: 'tamsin', shipId: 'gull', enemyShipId: 'e1', cardId: 'red-lantern' }, at(13)],
    ['CheckAttempted', { check: 'defeat', step: 0, steps: 1, difficulty: 8, total: 5, success: false }],
    ['StructuralDamageDealt', { shipId: 'gull', source: 'defeat:red-lantern', dealt: 3, modifiers: [], amount: 3 }],
    ['StructuralDamageResolved', { shipId: 'gull', dealt: 3, amount: 2, outcome: 'wrecked' }],
    ['ShipWrecked', { shipId: 'gull' }],
    ['ShipEncountered', { seat: 2, characterId: 'tamsin', shipId: 'gull', enemyShipId: 'e1', cardId: 'red-lantern' }, at(14)],
    ['CheckAttempted', { check: 'defeat', step: 0, steps: 2, difficulty: 6, total: 7, success: true }],
    ['CheckAttempted', { check: 'defeat', step: 1, steps: 2, difficulty: 9, total: 9, success: true }],
    ['ShipDefeated', { enemyShipId: 'e1', cardId: 'red-lantern', shipId: 'gull', characterId: 'tamsin', outcome: 'returned-to-pool' }],
    ['PlunderRolled', { roll: 6, cardType: 'choose', destination: 'stash', shipId: 'gull', characterId: null, reason: 'defeat' }],
    ['PlunderUnavailable', { cardType: 'ally', destination: 'stash', shipId: 'gull', characterId: null, reason: 'ship-wrecked' }],
    ['EnemySpawned', { shipId: 'gull', enemyId: 'enemy-1', kind: 'sea-wraith', name: 'Sea Wraith', check: { steps: [] }, node: 'blank-1', reason: 'altar' }],
    ['PlunderBanished', { shipId: 'gull', reason: 'wrecked' }, at(20)],
    ['TurnEnded', { seat: 2, round: 1 }],
    ['StructuralDamageDealt', { shipId: 'gull', source: 'enemy:sea-wraith', dealt: 1, modifiers: [], amount: 1 }],
    ['StructuralDamageResolved', { shipId: 'gull', dealt: 1, amount: 0, outcome: 'unaffected' }],
    ['RoundEnded', { round: 1 }],
    ['ActionUndone', { actionId: 'x', seat: 1 }, at(21)],
    ['ActionRedone', { actionId: 'x', seat: 1 }, at(22)],
    ['TurnStarted', { seat: 1, round: 2, ordersLeft: 3 }, at(23)],
    ['NavigationOrderIssued', { shipId: 'gull', points: 2 }],
    ['TileExplored', { shipId: 'gull', tileId: 'north', hex: { q: 1, r: -2 }, rotation: 0, clues: 4, cost: 1, tile: tile('north', 2, 4) }],
    ['ScenarioWon', { clues: 6, clueGoal: 6, round: 2 }],
  ];
  return events.map(([type, data, metadata], revision) => ({ revision, type, data, metadata }));
}

describe('per-game analytics of a game built by hand', () => {
  const f = foldAnalytics('g1', handBuiltGame()).figures;

  it('outcome and reason, rounds and turns, seats, the simulation marker', () => {
    expect([f.status, f.reason, f.rounds, f.turns]).toEqual(['won', 'clue-goal', 2, 3]);
    expect(f.seats.map((s) => s.name)).toEqual(['Ana', 'Bo']);
    expect(f.simulated).toEqual({ bot: 'greedy', seed: 9, index: 3 });
    expect([f.scenarioId, f.clueGoal, f.createdAt]).toEqual(['hand', 6, '2026-01-01T12:00:00.000Z']);
  });

  it('clues per act and tiles explored', () => {
    expect(f.cluesByAct).toEqual({ '1': 2, '2': 4 });
    expect([f.clues, f.tilesExplored]).toEqual([6, 2]);
  });

  it('navigation points issued, spent and left unused', () => {
    expect(f.navigation).toEqual({ orders: 2, pointsIssued: 5, pointsSpent: 1 + 1 + 2 + 1, pointsUnused: 1 });
  });

  it('structural damage by source and act, dealt and taken', () => {
    expect(f.damage.storm).toEqual({ events: 1, dealt: 1, taken: 1, byAct: { '2': 1 } });
    expect(f.damage.encounter).toEqual({ events: 1, dealt: 3, taken: 2, byAct: { '2': 3 } });
    expect(f.damage['on-deck']).toEqual({ events: 1, dealt: 1, taken: 0, byAct: { '2': 1 } });
  });

  it('wrecks with their hex, tile and source; repairs', () => {
    expect(f.wrecks).toEqual([
      { shipId: 'gull', hex: { q: 1, r: 0 }, tileId: 'home', act: 2, round: 1, source: 'storm' },
      { shipId: 'gull', hex: { q: 1, r: 0 }, tileId: 'home', act: 2, round: 1, source: 'encounter' },
    ]);
    expect(f.repairs).toEqual({ attempts: 1, successes: 1 });
  });

  it('encounters by difficulty and result, decided by the first failed step or the last', () => {
    expect(f.encounters).toEqual([
      { enemyCard: 'red-lantern', difficulty: 8, total: 5, margin: -3, success: false, act: 2 },
      { enemyCard: 'red-lantern', difficulty: 9, total: 9, margin: 0, success: true, act: 2 },
    ]);
  });

  it('plunder rolled, stashed by type, unavailable and banished', () => {
    expect(f.plunder).toEqual({ rolls: [0, 0, 0, 1, 0, 1], stashedByType: { item: 1 }, addedToHand: 0, unavailable: 1, banished: 1 });
    expect([f.enemiesSpawned, f.enemiesRepelled, f.altarsPurged]).toEqual([1, 0, 0]);
  });

  it('undo and redo counts', () => {
    expect([f.undos, f.redos]).toEqual([1, 1]);
  });

  it('time per turn, from the recorded times of the actions', () => {
    // Turn 1: 12:00:01 → 12:00:11 (10 s); turn 2: 12:00:11 (its start) → 12:00:20 (9 s); turn 3 never ended.
    expect(f.turnSeconds).toEqual({ turns: 2, total: 19 });
  });

  it('skips an event delivered twice (at-least-once delivery)', () => {
    const events = handBuiltGame();
    const twice = foldAnalytics('g1', [...events.slice(0, 10), ...events.slice(5)]).figures;
    expect(twice).toEqual(f);
  });
});

describe('per-game analytics of a real game played through the rules', () => {
  it('Twin Sails won in the second round: 4 tiles, 10 clues, four turns', () => {
    const rng = seededRng(2024);
    const log: GameEvent[] = decide(initialState(), createGameCommand(builtInScenario('twin-sails')!, { players: 2 }), { seat: null, rng });
    let state = foldEvents(log);
    const apply = (seat: number, command: GameCommand) => {
      const events = decide(state, command, { seat, rng });
      log.push(...events);
      state = foldEvents(events, state);
    };
    for (const { seat, command } of TWIN_SAILS_WIN) {
      while (state.pending && state.status === 'active') apply(state.turn?.seat ?? 1, respond(state.pending));
      apply(seat, command);
    }
    const f = foldAnalytics(
      'test-game',
      log.map((event, revision) => ({ revision, type: event.type, data: event.data })),
    ).figures;
    expect([f.status, f.reason, f.clues, f.tilesExplored, f.rounds, f.turns]).toEqual(['won', 'clue-goal', 10, 4, 2, 4]);
    // Clues count in the act the party was in when the tile was charted: Fogbank 2 + Shrine Isle 2 in act 1.
    expect(f.cluesByAct).toEqual({ '1': 4, '2': 3, '3': 3 });
    expect(f.plunder.rolls.reduce((a, b) => a + b, 0)).toBe(2);
    expect(f.simulated).toBeNull();
  });
});

describe('per-game analytics of a fork', () => {
  const forked = (board?: unknown): AnalyticsEvent => ({
    revision: 0,
    type: 'GameForked',
    data: {
      gameId: 'f1',
      source: { gameId: 'g1', revision: 12 },
      mode: 'standard',
      seats: [{ seat: 1, name: 'Ana', characterId: 'ysolde' }],
      reshuffled: true,
      ...(board ? { board } : {}),
    },
  });
  const board = {
    scenario: { id: 'hand', name: 'By hand', clueGoal: 6 },
    round: 3,
    act: 2,
    clues: 4,
    storms: [{ q: 0, r: -1 }],
    covered: [
      { q: 0, r: 0, tileId: 'home' },
      { q: 1, r: 0, tileId: 'home' },
      { q: 0, r: -1, tileId: 'reef' },
    ],
    ships: [{ shipId: 'gull', hex: { q: 0, r: -1 } }],
  };

  it('starts from the public face of its board: scenario, clock, clues, covered hexes; its own play counts from there', () => {
    const fold = foldAnalytics('f1', [
      forked(board),
      { revision: 1, type: 'TurnStarted', data: { seat: 1, round: 3, ordersLeft: 3 } },
      { revision: 2, type: 'StructuralDamageDealt', data: { shipId: 'gull', source: 'storm', dealt: 1, amount: 1 } },
      { revision: 3, type: 'StructuralDamageResolved', data: { shipId: 'gull', amount: 1 } },
      { revision: 4, type: 'ShipWrecked', data: { shipId: 'gull' } },
    ]);
    const f = fold.figures;
    expect([f.scenarioId, f.scenarioName, f.clueGoal, f.mode, f.act, f.clues, f.rounds, f.turns, f.tilesExplored]).toEqual([
      'hand',
      'By hand',
      6,
      'standard',
      2,
      4,
      3,
      1,
      0,
    ]);
    expect(f.forkedFrom).toEqual({ gameId: 'g1', revision: 12 });
    expect(f.seats).toEqual([{ seat: 1, name: 'Ana', characterId: 'ysolde' }]);
    expect(f.coveredHexes).toEqual(['0,0', '1,0', '0,-1']);
    // The wreck is placed with the ship's hex and tile as the fork's board had them.
    expect(f.wrecks).toEqual([{ shipId: 'gull', hex: { q: 0, r: -1 }, tileId: 'reef', act: 2, round: 3, source: 'storm' }]);
  });

  it('stays out of analytics when recorded before forks showed their board (no public scenario)', () => {
    const f = foldAnalytics('f1', [forked()]).figures;
    expect(f.scenarioId).toBe('');
    expect(f.forkedFrom).toEqual({ gameId: 'g1', revision: 12 });
  });
});
