import { firstValueFrom, take, toArray } from 'rxjs';
import { InMemoryEventStore, type EventStore, type NewEvent, type RecordedEvent } from '@logbook/event-store';
import { gameStreamId } from '../game-stream';
import { playerStreamId } from '../player-stream';
import { ERASED_NAME, InMemoryPersonalDataKeys, isSealed, PersonalDataVault } from './vault';
import { withPersonalData, type PersonalDataEventStore } from './with-personal-data';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Names with a space: a sealed value is base64url, which never holds one, so finding these in the
// stored text means a name was stored in the clear (three letters alone turn up in random ciphertext).
const ANA = 'Ana Reyes';
const BO = 'Bo Lindqvist';
const PLAIN_NAMES = /Ana Reyes|Bo Lindqvist/;

const created = (gameId: string, names: Array<{ name: string; playerId?: string }>): NewEvent => ({
  id: `${gameId}-0`,
  type: 'GameCreated',
  data: { data: { gameId, mode: 'standard', seats: names.map((p, i) => ({ seat: i + 1, characterId: `c${i}`, ...p })), scenario: { id: 's' } } },
  metadata: {
    commandId: `create-${gameId}`,
    seat: null,
    command: { type: 'CreateGame', gameId, scenario: 's', players: names, mode: 'standard' },
    commandFingerprint: 'whatever the writer hashed',
  },
});

const forked = (gameId: string, source: string, players?: Array<{ name: string }>, names = players?.map((p) => p.name) ?? []): NewEvent => ({
  id: `${gameId}-0`,
  type: 'GameForked',
  data: {
    data: { gameId, source: { gameId: source, revision: 3 }, seats: names.map((name, i) => ({ seat: i + 1, name, characterId: `c${i}` })) },
    secret: { visibleTo: [], sealed: true, data: { state: { gameId, seats: names.map((name, i) => ({ seat: i + 1, name, characterId: `c${i}` })) } } },
  },
  metadata: {
    commandId: `fork-${gameId}`,
    seat: null,
    command: { type: 'ForkGame', source: { gameId: source, revision: 3 }, ...(players ? { players } : {}) },
  },
});

/** What the store holds, as text (positions are BigInts). */
const text = (value: unknown) => JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
const seatNames = (event: RecordedEvent | undefined) => ((event?.data as Json).data.seats as Json[]).map((s) => s.name);
const stateNames = (event: RecordedEvent | undefined) => ((event?.data as Json).secret.data.state.seats as Json[]).map((s) => s.name);

describe('names sealed in the log (withPersonalData)', () => {
  let inner: EventStore;
  let keys: InMemoryPersonalDataKeys;
  let store: PersonalDataEventStore;
  beforeEach(() => {
    inner = new InMemoryEventStore();
    keys = new InMemoryPersonalDataKeys();
    store = withPersonalData(inner, new PersonalDataVault(keys));
  });

  const first = async (s: EventStore, gameId: string) => {
    const read = await s.readStream(gameStreamId(gameId));
    return read.status === 'ok' ? read.events[0] : undefined;
  };

  it('stores names sealed and reads them opened, in every read', async () => {
    await store.append(gameStreamId('g1'), [created('g1', [{ name: ANA }, { name: BO }])], 'no_stream');
    expect(text(await inner.readAll())).not.toMatch(PLAIN_NAMES);
    const raw = await first(inner, 'g1');
    expect(seatNames(raw).every(isSealed)).toBe(true);
    expect(seatNames(await first(store, 'g1'))).toEqual([ANA, BO]);
    expect(((await first(store, 'g1'))?.metadata.command as Json).players).toEqual([{ name: ANA }, { name: BO }]);
    expect(seatNames((await store.readAll())[0])).toEqual([ANA, BO]);
    expect(seatNames(await firstValueFrom(store.subscribeToAll()))).toEqual([ANA, BO]);
    const iterator = store.subscribeToAllIterable()[Symbol.asyncIterator]();
    expect(seatNames((await iterator.next()).value as RecordedEvent)).toEqual([ANA, BO]);
    await iterator.return?.();
    // Pushed in batches too: from history, and live (another game, with the first left as it is).
    const batches: RecordedEvent[][] = [];
    const controller = new AbortController();
    const pushed = store.subscribeToAllBatches?.({ signal: controller.signal }, (batch) => void batches.push([...batch]));
    await store.append(gameStreamId('g2'), [created('g2', [{ name: BO }])], 'no_stream');
    controller.abort();
    await pushed;
    expect(batches.flat().map(seatNames)).toEqual([[ANA, BO], [BO]]);
    expect(await store.seatSubjects('g1')).toEqual(
      new Map([
        [1, 'seat:g1:1'],
        [2, 'seat:g1:2'],
      ]),
    );
  });

  it('reads a forgotten subject as "erased player", the other seats as they were', async () => {
    await store.append(gameStreamId('g1'), [created('g1', [{ name: ANA }, { name: BO }])], 'no_stream');
    await store.vault.forget('seat:g1:1');
    expect(seatNames(await first(store, 'g1'))).toEqual([ERASED_NAME, BO]);
    expect(((await first(store, 'g1'))?.metadata.command as Json).players).toEqual([{ name: ERASED_NAME }, { name: BO }]);
    const live = await firstValueFrom(store.subscribeToAll().pipe(take(1), toArray()));
    expect(seatNames(live[0])).toEqual([ERASED_NAME, BO]);
  });

  it('fingerprints a new game without its names: two games of one scenario with other names record the same', async () => {
    await store.append(gameStreamId('g1'), [created('g1', [{ name: ANA }])], 'no_stream');
    await store.append(gameStreamId('g2'), [created('g2', [{ name: 'Someone else' }])], 'no_stream');
    const [a, b] = [await first(inner, 'g1'), await first(inner, 'g2')];
    expect(a?.metadata.commandFingerprint).toEqual(b?.metadata.commandFingerprint);
    expect(a?.metadata.commandFingerprint).not.toBe('whatever the writer hashed');
  });

  it('seals a seat taken with a profile under the profile, named on the seat or on the command', async () => {
    const event = created('g1', [{ name: ANA, playerId: 'p-7' }, { name: BO }]);
    // Only the command names the profile.
    for (const s of (event.data as Json).data.seats) delete s.playerId;
    await store.append(gameStreamId('g1'), [event], 'no_stream');
    expect(await store.seatSubjects('g1')).toEqual(
      new Map([
        [1, 'player:p-7'],
        [2, 'seat:g1:2'],
      ]),
    );
    await store.vault.forget('player:p-7');
    expect(seatNames(await first(store, 'g1'))).toEqual([ERASED_NAME, BO]);
  });

  it("a fork that keeps its source's names keeps their subjects, so one erasure reaches both; one that names new players does not", async () => {
    await store.append(gameStreamId('g1'), [created('g1', [{ name: ANA }, { name: BO }])], 'no_stream');
    await store.append(gameStreamId('f1'), [forked('f1', 'g1', undefined, [ANA, BO])], 'no_stream');
    await store.append(gameStreamId('f2'), [forked('f2', 'g1', [{ name: 'Cy' }, { name: BO }])], 'no_stream');
    expect(await store.seatSubjects('f1')).toEqual(
      new Map([
        [1, 'seat:g1:1'],
        [2, 'seat:g1:2'],
      ]),
    );
    expect(await store.seatSubjects('f2')).toEqual(
      new Map([
        [1, 'seat:f2:1'],
        [2, 'seat:f2:2'],
      ]),
    );
    expect(text(await first(inner, 'f1'))).not.toMatch(PLAIN_NAMES);
    expect(await store.vault.gamesOf('seat:g1:1')).toEqual(['g1', 'f1']);
    await store.vault.forget('seat:g1:1');
    expect(seatNames(await first(store, 'f1'))).toEqual([ERASED_NAME, BO]);
    expect(stateNames(await first(store, 'f1'))).toEqual([ERASED_NAME, BO]);
    expect(seatNames(await first(store, 'f2'))).toEqual(['Cy', BO]);
  });

  it('reads names recorded in the clear (logs written before sealing) as they are, and erasure cannot reach them', async () => {
    await inner.append(gameStreamId('old'), [created('old', [{ name: ANA }])], 'no_stream');
    expect(seatNames(await first(store, 'old'))).toEqual([ANA]);
    expect(await store.seatSubjects('old')).toEqual(new Map([[1, null]]));
  });

  it('passes events that name nobody through untouched', async () => {
    const event: NewEvent = { id: 'e1', type: 'ShipMoved', data: { data: { name: 'not a person' } }, metadata: { commandId: 'c' } };
    await store.append(gameStreamId('g1'), [event], 'no_stream');
    expect((await first(inner, 'g1'))?.data).toEqual(event.data);
  });

  it("seals a profile's name under its player subject, in its own stream and in a seat claimed into it", async () => {
    const registered: NewEvent = {
      id: 'p1-0',
      type: 'PlayerRegistered',
      data: { data: { playerId: 'p1', name: ANA, secretDigest: 'ab' } },
      metadata: {},
    };
    await store.append(playerStreamId('p1'), [registered], 'no_stream');
    const claimed: NewEvent = { id: 'g1-5', type: 'SeatClaimed', data: { data: { seat: 1, playerId: 'p1', name: ANA } }, metadata: { commandId: 'c' } };
    await store.append(gameStreamId('g1'), [claimed], 'any');
    expect(text(await inner.readAll())).not.toMatch(PLAIN_NAMES);
    const names = async (s: EventStore) => (await s.readAll()).map((e) => (e.data as Json).data.name as string);
    expect((await names(inner)).every((n) => isSealed(n) && n.includes('player:p1'))).toBe(true);
    expect(await names(store)).toEqual([ANA, ANA]);
    expect(keys.gamesOf('player:p1')).toEqual(['g1']);
    await store.vault.forget('player:p1');
    expect(await names(store)).toEqual([ERASED_NAME, ERASED_NAME]);
    expect(await store.vault.isForgotten('player:p1')).toBe(true);
  });
});
