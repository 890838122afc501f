// The simulator: the same seed gives the same games event for event, recorded as the command
// path records actions; bots behave as named; analytics of an unfinished simulated game hold
// nothing hidden; the plunder d6 is fair in practice.
import { builtInScenario } from '@logbook/content';
import { InMemoryEventStore, type RecordedEvent } from '@logbook/event-store';
import { redecide, sameFingerprint } from '@logbook/game-log';
import { foldAnalytics, publicFigures, summarizeAnalytics, type AnalyticsEvent } from '@logbook/projections';
import { recordSimulatedGame } from './record';
import { simulateGame, simulatedGameId, type SimulationOptions } from './simulate';
import type { BotName } from './bots';

const options = (bot: BotName, index: number, seed = 11, scenario = 'first-voyage'): SimulationOptions => ({
  scenario: builtInScenario(scenario)!,
  players: 2,
  bot,
  seed,
  index,
});

async function recordRun(bot: BotName, seed: number, games: number): Promise<RecordedEvent[]> {
  const store = new InMemoryEventStore();
  for (let index = 0; index < games; index++) {
    const game = simulateGame(options(bot, index, seed));
    await recordSimulatedGame(store, game, { simulated: true, bot, seed, index, gameSeed: game.gameSeed });
  }
  const events = await store.readAll();
  await store.close();
  return events;
}

/** What must be the same in two runs: everything but the wall-clock time of recording. */
const comparable = (events: RecordedEvent[]) =>
  events.map(({ streamId, revision, type, data, metadata }) => {
    const { recordedAt: _time, ...rest } = metadata;
    return { streamId, revision, type, data, metadata: rest };
  });

describe('the simulator', () => {
  it('gives identical games, event for event, for the same seed (two recorded runs compared)', async () => {
    const [first, second] = [await recordRun('random', 5, 3), await recordRun('random', 5, 3)];
    expect(first.length).toBeGreaterThan(100);
    expect(comparable(second)).toEqual(comparable(first));
  });

  it('gives other games for another seed', () => {
    const a = simulateGame(options('random', 0, 1));
    const b = simulateGame(options('random', 0, 2));
    expect(a.gameId).not.toBe(b.gameId);
    expect(b.actions.map((x) => x.events)).not.toEqual(a.actions.map((x) => x.events));
  });

  it('records each action as the command path does: command, seat, fingerprint and draws on its first event, the marker on the game’s first', async () => {
    const events = await recordRun('greedy', 3, 1);
    const first = events[0]!;
    expect(first.type).toBe('GameCreated');
    expect(first.metadata.simulation).toEqual({ simulated: true, bot: 'greedy', seed: 3, index: 0, gameSeed: expect.any(Number) });
    expect(first.streamId).toBe(`game-${simulatedGameId(options('greedy', 0, 3))}`);
    const byAction = new Map<string, RecordedEvent[]>();
    for (const e of events) byAction.set(String(e.metadata.commandId), [...(byAction.get(String(e.metadata.commandId)) ?? []), e]);
    for (const [commandId, actionEvents] of byAction) {
      const [head, ...rest] = actionEvents;
      expect(head!.metadata).toHaveProperty('seat');
      expect(head!.metadata).toMatchObject({
        commandId,
        recordedAt: expect.any(String),
        command: { type: expect.any(String) },
        commandFingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      });
      // The same fingerprint and the same keys as the command path writes (no causation id; a
      // correlation id only when it differs from the commandId).
      expect(head!.metadata).not.toHaveProperty('causationId');
      expect(head!.metadata).not.toHaveProperty('correlationId');
      if (head!.type !== 'GameCreated') {
        expect(sameFingerprint(String(head!.metadata.commandFingerprint), { seat: head!.metadata.seat, command: head!.metadata.command })).toBe(true);
      }
      for (const later of rest) expect(Object.keys(later.metadata).sort()).toEqual(['commandId', 'schemaVersion']);
    }
    expect(events.some((e) => Array.isArray(e.metadata.draws) && (e.metadata.draws as number[]).length > 0)).toBe(true);
  });

  it('records games that decide again, action for action (npm run cli -- revalidate), with the scenario document kept secret', async () => {
    const events = await recordRun('greedy', 4, 3);
    const streams = new Map<string, RecordedEvent[]>();
    for (const e of events) streams.set(e.streamId, [...(streams.get(e.streamId) ?? []), e]);
    expect(streams.size).toBe(3);
    for (const stream of streams.values()) {
      const [created] = stream;
      // As the server records a new game: the scenario by id in the body, its document apart.
      expect(created!.metadata.command).toMatchObject({ type: 'CreateGame', scenario: 'first-voyage' });
      expect(created!.metadata.commandSecret).toEqual({ scenario: builtInScenario('first-voyage') });
      const result = redecide(stream);
      expect([result.ok, result.ok ? null : result.divergence]).toEqual([true, null]);
      expect(result.actions).toBeGreaterThan(10);
    }
  });

  it('does not record a game twice when the same seed is run again', async () => {
    const store = new InMemoryEventStore();
    const game = simulateGame(options('idle', 0));
    const marker = { simulated: true as const, bot: 'idle' as const, seed: 11, index: 0, gameSeed: game.gameSeed };
    expect(await recordSimulatedGame(store, game, marker)).toBe(true);
    expect(await recordSimulatedGame(store, game, marker)).toBe(false);
    await store.close();
  });

  it('idle always loses: it only ends its turns until the blessings run out', () => {
    for (let index = 0; index < 5; index++) {
      const game = simulateGame(options('idle', index));
      expect(game.state.status).toBe('lost');
      for (const action of game.actions.slice(1)) expect(['EndTurn', 'ChoosePlunderType', 'ResolveStructuralDamage']).toContain(action.command.type);
    }
  });

  it('greedy explores with intent: it charts tiles and gains clues', () => {
    const game = simulateGame(options('greedy', 0));
    const explored = game.actions.flatMap((a) => a.events).filter((e) => e.type === 'TileExplored');
    expect(explored.length).toBeGreaterThanOrEqual(3);
    expect(game.state.clues).toBeGreaterThan(0);
  });
});

describe('analytics of an unfinished simulated game', () => {
  it('are the same with every secret and every recorded draw removed, and name no hidden card or tile', async () => {
    const game = simulateGame({ ...options('greedy', 1), maxActions: 40 });
    expect(game.finished).toBe(false);
    const store = new InMemoryEventStore();
    await recordSimulatedGame(store, game, { simulated: true, bot: 'greedy', seed: 11, index: 1, gameSeed: game.gameSeed });
    const events = await store.readAll();
    await store.close();
    const asRead = (e: RecordedEvent): AnalyticsEvent => ({
      revision: e.revision,
      type: e.type,
      data: (e.data as { data: unknown }).data,
      metadata: e.metadata,
    });
    const withSecrets = foldAnalytics(game.gameId, events.map(asRead));
    const redacted = foldAnalytics(
      game.gameId,
      events.map((e) => {
        const { draws: _draws, command: _command, ...metadata } = e.metadata;
        return { ...asRead(e), data: JSON.parse(JSON.stringify((e.data as { data: unknown }).data)) as unknown, metadata };
      }),
    );
    expect(events.some((e) => (e.data as { secret?: unknown }).secret !== undefined)).toBe(true);
    expect(redacted).toEqual(withSecrets);
    const served = JSON.stringify(summarizeAnalytics([withSecrets.figures])) + JSON.stringify(withSecrets.figures);
    for (const tileId of game.state.stack) expect(served).not.toContain(tileId);
    // The run seed would let anyone recompute the game's draws: served only once the game is over.
    expect(publicFigures(withSecrets.figures).simulated).toEqual({ bot: 'greedy', seed: -1, index: -1 });
    for (const ship of Object.values(game.state.ships)) for (const cardId of ship.plunder) expect(served).not.toContain(cardId);
  });
});

describe('the plunder table in practice', () => {
  // Decision rule: Pearson's chi-square against a fair d6 over every plunder roll of 250 simulated
  // games (fixed seed, so the test is repeatable); fair unless p ≤ 0.001. Idle games are quick and
  // still roll at setup, once for each of Twin Sails' two ships.
  it('is consistent with a fair d6 (chi-square p > 0.001)', () => {
    const figures = Array.from({ length: 250 }, (_, index) => {
      const game = simulateGame({ ...options('idle', index, 2026, 'twin-sails'), players: 1 });
      return foldAnalytics(
        game.gameId,
        game.actions.flatMap((a) => a.events).map((event, revision) => ({ revision, type: event.type, data: event.data })),
      ).figures;
    });
    const { fit } = summarizeAnalytics(figures).plunder;
    expect(fit.observations).toBeGreaterThanOrEqual(500);
    expect(fit.pValue).toBeGreaterThan(0.001);
  });
});
