import { createHash } from 'node:crypto';
import { builtInScenario } from '@logbook/content';
import { InMemoryEventStore } from '@logbook/event-store';
import { gameStreamId } from '@logbook/game-log';
import { seededRng } from '@logbook/rules';
import { CommandIdReusedError } from './game.errors';
import { GameCommandsService } from './game-commands.service';
import { GameEventsService } from './game-events.service';
import { RulesCheck } from './rules-check';
import { GameRepository } from './game-repository';
import { stableStringify } from '@logbook/game-log';

// Logs written before the metadata was slimmed (full 64-character fingerprints, correlation and
// causation ids and the schema version on every event) must still read, and a command retried
// against them must still be recognised, or refused when its content differs.
describe('a game recorded with the earlier, full metadata', () => {
  const service = (store: InMemoryEventStore) =>
    new GameCommandsService(new GameRepository(store), new GameEventsService(store), seededRng(5), new RulesCheck(store));

  async function oldLog() {
    const today = new InMemoryEventStore();
    const created = await service(today).createGame({ scenario: builtInScenario('first-voyage')!, players: [{ name: 'Ann' }], mode: 'standard' });
    const seat = created.seats[0].seat;
    const started = await service(today).execute(created.gameId, seat, 'start', { type: 'StartNavigation' });
    const stream = await today.readStream(gameStreamId(created.gameId));
    if (stream.status !== 'ok') throw new Error('no stream');
    // The same events as an earlier server wrote them.
    const old = new InMemoryEventStore();
    const fullHex = (value: unknown) => createHash('sha256').update(stableStringify(value)).digest('hex');
    const events = stream.events.map(({ id, type, data, metadata, schemaVersion }) => {
      const { commandFingerprint: _short, ...rest } = metadata;
      const fingerprint = rest.commandId === 'start' ? fullHex({ seat: 1, command: { type: 'StartNavigation' } }) : 'f'.repeat(64);
      return {
        id,
        type,
        data,
        schemaVersion,
        metadata: { ...rest, correlationId: rest.commandId, causationId: rest.commandId, commandFingerprint: fingerprint, schemaVersion },
      };
    });
    await old.append(gameStreamId(created.gameId), events, 'no_stream');
    return { old, gameId: created.gameId, seat, started };
  }

  it('answers a retried command with its first answer', async () => {
    const { old, gameId, seat, started } = await oldLog();
    const again = await service(old).execute(gameId, seat, 'start', { type: 'StartNavigation' });
    expect(again).toEqual(started);
  });

  it('refuses a reused commandId with other content', async () => {
    const { old, gameId, seat } = await oldLog();
    await expect(service(old).execute(gameId, seat, 'start', { type: 'EndTurn' })).rejects.toBeInstanceOf(CommandIdReusedError);
  });

  it('goes on from it: a new command is decided on the folded old events', async () => {
    const { old, gameId, seat, started } = await oldLog();
    const moved = await service(old).execute(gameId, seat, 'move', { type: 'MoveShip' });
    expect(moved.revision).toBeGreaterThan(started.revision);
    expect(moved.events.map((e) => e.type)).toContain('ShipMoved');
  });
});
