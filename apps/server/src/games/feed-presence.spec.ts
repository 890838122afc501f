import { EventEmitter } from 'node:events';
import { presenceWriter, type FeedSocket } from './feed-presence';

/** A socket the test fills and drains. */
function socket() {
  const emitter = new EventEmitter();
  const written: string[] = [];
  const res = {
    writableNeedDrain: false,
    writableEnded: false,
    destroyed: false,
    write: (chunk: string) => (written.push(chunk), true),
    once: (event: string, listener: () => void) => emitter.once(event, listener),
  };
  return { res, written, drain: () => ((res.writableNeedDrain = false), emitter.emit('drain')), listeners: () => emitter.listenerCount('drain') };
}

describe("a feed's presence messages", () => {
  it('are written at once while the socket takes them', () => {
    const { res, written } = socket();
    let n = 0;
    const write = presenceWriter(res as unknown as FeedSocket, () => `frame ${++n}`);
    write();
    write();
    expect(written).toEqual(['frame 1', 'frame 2']);
  });

  describe('when the socket is full', () => {
    it('writes only the presence of the moment it drains, once, however many changes came meanwhile', () => {
      const { res, written, drain, listeners } = socket();
      let state = 'a';
      const write = presenceWriter(res as unknown as FeedSocket, () => `presence ${state}`);
      res.writableNeedDrain = true;
      for (const next of ['b', 'c', 'd']) {
        state = next;
        write();
      }
      expect(written).toEqual([]);
      expect(listeners()).toBe(1);
      drain();
      expect(written).toEqual(['presence d']);
      expect(listeners()).toBe(0);
    });

    it('writes nothing to a socket that ended meanwhile', () => {
      const { res, written, drain } = socket();
      const write = presenceWriter(res as unknown as FeedSocket, () => 'presence');
      res.writableNeedDrain = true;
      write();
      res.writableEnded = true;
      drain();
      expect(written).toEqual([]);
    });
  });
});
