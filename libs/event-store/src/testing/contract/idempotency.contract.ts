import { WrongExpectedRevisionError } from '../../errors';
import { type ContractFixture, anEvent, events, ids, readEvents } from './contract-fixture';

export function idempotencyContract(fixture: ContractFixture): void {
  describe('retrying an append after an unknown outcome', () => {
    it('re-sending the same events at the same expected revision returns the original result', async () => {
      const stream = fixture.streamId();
      const batch = events(2);
      const first = await fixture.store().append(stream, batch, 'no_stream');
      const retry = await fixture.store().append(stream, batch, 'no_stream');
      expect(retry).toEqual(first);
      expect(ids(await readEvents(fixture.store(), stream))).toEqual(ids(batch));
    });

    it('a retry still succeeds once other writers have moved the stream on', async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(1), 'no_stream');
      const order = events(2, 'OrderGiven');
      const first = await fixture.store().append(stream, order, 0);
      await fixture.store().append(stream, events(3), first.nextExpectedRevision);
      expect(await fixture.store().append(stream, order, 0)).toEqual(first);
      expect(await readEvents(fixture.store(), stream)).toHaveLength(6);
    });

    it("a retry with 'any' does not duplicate the events", async () => {
      const stream = fixture.streamId();
      const batch = events(2);
      await fixture.store().append(stream, batch, 'any');
      await fixture.store().append(stream, batch, 'any');
      expect(ids(await readEvents(fixture.store(), stream))).toEqual(ids(batch));
    });

    it('resending a batch of which only some events were stored is a conflict and writes nothing', async () => {
      const stream = fixture.streamId();
      const [stored, fresh] = [anEvent(), anEvent()];
      await fixture.store().append(stream, [stored], 'no_stream');
      const error = await fixture
        .store()
        .append(stream, [stored, fresh], 'no_stream')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(ids(await readEvents(fixture.store(), stream))).toEqual([stored.id]);
    });

    it('the same events claimed at a different expected revision are a conflict', async () => {
      const stream = fixture.streamId();
      await fixture.store().append(stream, events(2), 'no_stream');
      const batch = events(1);
      await fixture.store().append(stream, batch, 1);
      const error = await fixture
        .store()
        .append(stream, batch, 0)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    });
  });
}
