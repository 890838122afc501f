import { WrongExpectedRevisionError } from '../../errors';
import { type ContractFixture, anEvent, events, ids, readEvents } from './contract-fixture';

export function appendContract(fixture: ContractFixture): void {
  describe('appending with an expected revision', () => {
    it("'no_stream' starts a stream at revision 0 and reports its last revision and position", async () => {
      const stream = fixture.streamId();
      const result = await fixture.store().append(stream, events(3), 'no_stream');
      const stored = await readEvents(fixture.store(), stream);
      expect(result.nextExpectedRevision).toBe(2);
      expect(stored.map((event) => event.revision)).toEqual([0, 1, 2]);
      expect(result.position).toBe(stored[2].position);
      expect(result.positions).toEqual(stored.map((event) => event.position));
    });

    it("'no_stream' on an existing stream is a conflict naming the stream's revision", async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(2), 'no_stream');
      const error = await fixture
        .store()
        .append(stream, events(1), 'no_stream')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 1 });
    });

    it("'stream_exists' on a missing stream is a conflict and creates nothing", async () => {
      const stream = fixture.streamId();
      const error = await fixture
        .store()
        .append(stream, events(1), 'stream_exists')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ actual: 'no_stream' });
      expect(await fixture.store().readStream(stream)).toEqual({ status: 'stream_not_found' });
    });

    it("'stream_exists' appends to an existing stream", async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(1), 'no_stream');
      expect((await fixture.store().append(stream, events(2), 'stream_exists')).nextExpectedRevision).toBe(2);
    });

    it("'any' appends whether or not the stream exists", async () => {
      const stream = fixture.streamId();
      expect((await fixture.store().append(stream, events(1), 'any')).nextExpectedRevision).toBe(0);
      expect((await fixture.store().append(stream, events(1), 'any')).nextExpectedRevision).toBe(1);
    });

    it('an exact revision equal to the last revision appends after it', async () => {
      const stream = fixture.streamId();
      const { nextExpectedRevision } = await fixture.store().append(stream, events(2), 'no_stream');
      const result = await fixture.store().append(stream, events(1), nextExpectedRevision);
      expect(result.nextExpectedRevision).toBe(2);
    });

    it('a stale exact revision is a conflict and leaves the stream exactly as it was', async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(3), 'no_stream');
      const before = await readEvents(fixture.store(), stream);
      const error = await fixture
        .store()
        .append(stream, events(2), 1)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: stream, expected: 1, actual: 2 });
      expect(await readEvents(fixture.store(), stream)).toEqual(before);
    });

    it('a rejected append adds nothing to the global log', async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(1), 'no_stream');
      await fixture
        .store()
        .append(stream, events(2), 5)
        .catch(() => undefined);
      const all = await fixture.store().readAll({ filter: { streamPrefixes: [fixture.prefix()] } });
      expect(all).toHaveLength(1);
    });

    it('an exact revision on a missing stream is a conflict', async () => {
      const error = await fixture
        .store()
        .append(fixture.streamId(), events(1), 0)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    });
  });

  describe('when writers race', () => {
    it('two writers at the same expected revision: exactly one wins, the loser changes nothing', async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(1), 'no_stream');
      const [a, b] = [events(2, 'WriterA'), events(2, 'WriterB')];
      const outcomes = await Promise.allSettled([fixture.store().append(stream, a, 0), fixture.store().append(stream, b, 0)]);
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const lost = outcomes.filter((outcome) => outcome.status === 'rejected') as PromiseRejectedResult[];
      expect(won).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(WrongExpectedRevisionError);
      const winner = outcomes[0].status === 'fulfilled' ? a : b;
      expect(ids(await readEvents(fixture.store(), stream)).slice(1)).toEqual(ids(winner));
    });

    it('one stale append among many to different streams fails alone', async () => {
      const streams = Array.from({ length: 20 }, (_, i) => fixture.streamId(`game-${i}`));
      await Promise.all(streams.map((stream) => fixture.store().append(stream, events(1), 'no_stream')));
      const outcomes = await Promise.allSettled(streams.map((stream, i) => fixture.store().append(stream, [anEvent('OrderGiven')], i === 7 ? 3 : 0)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(streams.map((_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
      expect(await readEvents(fixture.store(), streams[7])).toHaveLength(1);
      expect(await readEvents(fixture.store(), streams[8])).toHaveLength(2);
    });

    it('many appends to one stream in flight together all land, each once, in revision order', async () => {
      const stream = fixture.streamId();
      const batches = Array.from({ length: 10 }, () => events(2));
      await Promise.all(batches.map((batch) => fixture.store().append(stream, batch, 'any')));
      const stored = await readEvents(fixture.store(), stream);
      expect(stored.map((event) => event.revision)).toEqual([...Array(20).keys()]);
      expect(new Set(ids(stored))).toEqual(new Set(batches.flat().map((event) => event.id)));
    });
  });
}
