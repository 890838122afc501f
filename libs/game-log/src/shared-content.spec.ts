import { randomUUID } from 'node:crypto';
import { CONTENT_METADATA_REFS, CONTENT_STREAM_PREFIX, InMemoryEventStore, withSharedContent, type NewEvent } from '@logbook/event-store';
import { gameSharedContent } from './shared-content';

/** A scenario-sized document (the policy shares values of 1 kB and more). */
const scenario = { id: 'big', tiles: Array.from({ length: 40 }, (_, i) => ({ tileId: `t-${i}`, hexes: [{ q: i, r: 0, terrain: 'sea' }] })) };
const created = (): NewEvent => ({
  id: randomUUID(),
  type: 'GameCreated',
  data: { data: { gameId: 'g-1', scenario }, secret: { data: {} } },
  metadata: { commandId: 'create-g-1', command: { type: 'CreateGame', scenario: 'big' }, commandSecret: { scenario }, draws: [1, 2] },
});

describe("the game's shared-content policy", () => {
  it("stores a created game's command secret scenario once, by content, and every read puts it back", async () => {
    const inner = new InMemoryEventStore();
    const store = withSharedContent(inner, { policy: gameSharedContent, cacheBytes: 1024 * 1024 });
    const events = [created(), created()];
    await store.append('game-1', [events[0] as NewEvent], 'no_stream');
    await store.append('game-2', [events[1] as NewEvent], 'no_stream');
    // The event's scenario and the command's are the same document: one content stream holds it.
    expect(await inner.readAll({ filter: { streamPrefixes: [CONTENT_STREAM_PREFIX] } })).toHaveLength(1);
    const stored = await inner.readStream('game-1');
    const raw = stored.status === 'ok' ? stored.events[0] : undefined;
    expect(raw?.metadata.commandSecret).toEqual({ scenario: null });
    expect(raw?.metadata[CONTENT_METADATA_REFS]).toEqual([[['commandSecret', 'scenario'], expect.stringMatching(/^[0-9a-f]{64}$/)]]);
    const read = await store.readStream('game-1');
    expect(read.status === 'ok' && read.events[0]?.metadata).toEqual(events[0]?.metadata);
    expect(read.status === 'ok' && read.events[0]?.data).toEqual(events[0]?.data);
    await store.close();
  });
});
