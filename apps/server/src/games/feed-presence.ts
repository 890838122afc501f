// How a live feed writes presence messages beside the game's events: whole frames between whole
// frames, and never a queue of them. While the socket is full (a slow reader, history pages in
// flight) a change only marks that one is due; once it drains, the presence of that moment is
// written, once, however many changes came in between.
import type { ServerResponse } from 'node:http';

export type FeedSocket = Pick<ServerResponse, 'write' | 'once' | 'writableEnded' | 'destroyed' | 'writableNeedDrain'>;

/** A function to call at each change: writes `frame()` now, or once the socket drains. */
export function presenceWriter(res: FeedSocket, frame: () => string): () => void {
  let waiting = false;
  const write = (): void => {
    if (res.writableEnded || res.destroyed) return;
    if (res.writableNeedDrain) {
      if (!waiting) {
        waiting = true;
        res.once('drain', () => {
          waiting = false;
          write();
        });
      }
      return;
    }
    res.write(frame());
  };
  return write;
}
