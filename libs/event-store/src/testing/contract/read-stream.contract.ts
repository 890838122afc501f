import { type ContractFixture, anEvent, events, readEvents } from './contract-fixture';

export function readStreamContract(fixture: ContractFixture): void {
  describe('reading a stream', () => {
    const revisions = (result: Awaited<ReturnType<ReturnType<ContractFixture['store']>['readStream']>>) =>
      result.status === 'ok' ? result.events.map((event) => event.revision) : result.status;

    async function streamOf(count: number): Promise<string> {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(count), 'no_stream');
      return stream;
    }

    it('a missing stream is a typed answer, not an error', async () => {
      expect(await fixture.store().readStream(fixture.streamId('never-written'))).toEqual({ status: 'stream_not_found' });
    });

    it('forwards from the start by default', async () => {
      expect(revisions(await fixture.store().readStream(await streamOf(4)))).toEqual([0, 1, 2, 3]);
    });

    it('forwards from a revision, with a count', async () => {
      const stream = await streamOf(6);
      expect(revisions(await fixture.store().readStream(stream, { fromRevision: 2, maxCount: 3 }))).toEqual([2, 3, 4]);
    });

    it('backwards from the end by default', async () => {
      const stream = await streamOf(4);
      expect(revisions(await fixture.store().readStream(stream, { direction: 'backwards' }))).toEqual([3, 2, 1, 0]);
    });

    it('backwards from a revision, with a count', async () => {
      const stream = await streamOf(6);
      const result = await fixture.store().readStream(stream, { direction: 'backwards', fromRevision: 3, maxCount: 2 });
      expect(revisions(result)).toEqual([3, 2]);
    });

    it('the last event alone: backwards with a count of one', async () => {
      const stream = await streamOf(5);
      expect(revisions(await fixture.store().readStream(stream, { direction: 'backwards', maxCount: 1 }))).toEqual([4]);
    });

    it('from past the end of an existing stream is an empty page, not a missing stream', async () => {
      const stream = await streamOf(2);
      expect(await fixture.store().readStream(stream, { fromRevision: 10 })).toEqual({ status: 'ok', events: [] });
    });

    it('gives back the whole envelope as appended', async () => {
      const stream = fixture.streamId();
      const event = { ...anEvent('ShipMoved', { ship: 'Resolute', to: [3, 4] }), metadata: { seat: 2, commandId: 'c-1' } };
      const { position } = await fixture.store().append(stream, [event], 'no_stream');
      expect(await readEvents(fixture.store(), stream)).toEqual([
        {
          id: event.id,
          streamId: stream,
          revision: 0,
          position,
          type: 'ShipMoved',
          data: { ship: 'Resolute', to: [3, 4] },
          metadata: { seat: 2, commandId: 'c-1' },
          schemaVersion: 1,
        },
      ]);
      expect(typeof position).toBe('bigint');
    });

    it('keeps the schema version an event was written with', async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, [anEvent('Unregistered', {}, 4)], 'no_stream');
      expect((await readEvents(fixture.store(), stream))[0].schemaVersion).toBe(4);
    });
  });
}
