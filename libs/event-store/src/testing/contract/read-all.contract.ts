import { type ContractFixture, anEvent, events, ids } from './contract-fixture';

export function readAllContract(fixture: ContractFixture): void {
  describe('reading all events in global order', () => {
    const own = () => ({ streamPrefixes: [fixture.prefix()] });

    it('interleaves streams in the order their appends committed, positions rising', async () => {
      const [a, b] = [fixture.streamId('a'), fixture.streamId('b')];
      const written = [anEvent(), anEvent(), anEvent(), anEvent()];
      await fixture.store().append(a, [written[0]], 'no_stream');
      await fixture.store().append(b, [written[1], written[2]], 'no_stream');
      await fixture.store().append(a, [written[3]], 0);
      const all = await fixture.store().readAll({ filter: own() });
      expect(ids(all)).toEqual(ids(written));
      expect(all.map((event) => event.streamId)).toEqual([a, b, b, a]);
      all.slice(1).forEach((event, i) => expect(event.position > all[i].position).toBe(true));
    });

    it('from a position is exclusive: it resumes strictly after a checkpoint', async () => {
      const stream = fixture.streamId();
      const written = events(4);
      await fixture.store().append(stream, written, 'no_stream');
      const all = await fixture.store().readAll({ filter: own() });
      const after = await fixture.store().readAll({ filter: own(), fromPosition: all[1].position });
      expect(ids(after)).toEqual(ids(written.slice(2)));
    });

    it('resumes correctly from a checkpoint taken in the middle of one append', async () => {
      const stream = fixture.streamId();
      const written = events(3);
      await fixture.store().append(stream, written, 'no_stream');
      const [first] = await fixture.store().readAll({ filter: own(), maxCount: 1 });
      const rest = await fixture.store().readAll({ filter: own(), fromPosition: first.position });
      expect(ids(rest)).toEqual(ids(written.slice(1)));
    });

    it('stops after maxCount events', async () => {
      await fixture.store().append(fixture.streamId(), events(5), 'no_stream');
      expect(await fixture.store().readAll({ filter: own(), maxCount: 2 })).toHaveLength(2);
    });

    it('keeps only streams starting with one of the prefixes', async () => {
      await fixture.store().append(fixture.streamId('game-1'), events(2), 'no_stream');
      await fixture.store().append(fixture.streamId('lobby-1'), events(1), 'no_stream');
      await fixture.store().append(fixture.streamId('game-2'), events(1), 'no_stream');
      const games = await fixture.store().readAll({ filter: { streamPrefixes: [fixture.streamId('game-')] } });
      expect(games.map((event) => event.streamId)).toEqual([fixture.streamId('game-1'), fixture.streamId('game-1'), fixture.streamId('game-2')]);
    });

    it('keeps only the listed event types', async () => {
      // Types unique to this test, so other streams on a shared server cannot match.
      const [moved, rolled, sank] = ['ShipMoved', 'DiceRolled', 'ShipSank'].map((type) => fixture.prefix() + type);
      await fixture.store().append(fixture.streamId(), [anEvent(moved), anEvent(rolled), anEvent(sank)], 'no_stream');
      const kept = await fixture.store().readAll({ filter: { eventTypes: [moved, sank] } });
      expect(kept.map((event) => event.type)).toEqual([moved, sank]);
    });

    it('with a prefix and types, an event must match both', async () => {
      await fixture.store().append(fixture.streamId('game-1'), [anEvent('ShipMoved'), anEvent('DiceRolled')], 'no_stream');
      await fixture.store().append(fixture.streamId('lobby-1'), [anEvent('ShipMoved')], 'no_stream');
      const kept = await fixture.store().readAll({
        filter: { streamPrefixes: [fixture.streamId('game-')], eventTypes: ['ShipMoved'] },
      });
      expect(kept.map((event) => [event.streamId, event.type])).toEqual([[fixture.streamId('game-1'), 'ShipMoved']]);
    });

    it('the last position with a filter is that of the last event the filter keeps', async () => {
      const { position: lastGame } = await fixture.store().append(fixture.streamId('game-1'), events(2), 'no_stream');
      const { position: lastLobby } = await fixture.store().append(fixture.streamId('lobby-1'), events(1), 'no_stream');
      expect(await fixture.store().lastPosition({ streamPrefixes: [fixture.streamId('game-')] })).toBe(lastGame);
      expect(await fixture.store().lastPosition({ streamPrefixes: [fixture.streamId('nothing-')] })).toBeUndefined();
      expect((await fixture.store().lastPosition())! >= lastLobby).toBe(true);
    });
  });
}
