// Reads a server-sent-events response until a condition holds (then closes it) or the server ends it.
import { get, type IncomingMessage } from 'node:http';

export interface SseMessage {
  id?: string;
  event?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body; the assertions that read it check its shape
  data: any;
}

export function readSse(
  url: string,
  headers: Record<string, string>,
  until: (messages: SseMessage[]) => boolean,
  onOpen: () => Promise<unknown> = async () => undefined,
  timeoutMs = 5000,
): Promise<{ status: number; messages: SseMessage[]; comments: string[]; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const messages: SseMessage[] = [];
    const comments: string[] = [];
    let ended = false;
    const req = get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res: IncomingMessage) => {
      const done = () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, messages, comments, ended });
      };
      if (res.statusCode !== 200) return done();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { data: undefined };
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').trimStart();
            if (field === 'id') message.id = value;
            else if (field === 'event') message.event = value;
            else if (field === 'data') message.data = JSON.parse(value);
          }
          // Comments (keep-alive) and retry hints carry no message.
          if (message.id !== undefined || message.event !== undefined || message.data !== undefined) messages.push(message);
          else comments.push(block);
        }
        if (until(messages)) done();
      });
      res.on('end', () => {
        ended = true;
        done();
      });
      onOpen().catch(reject);
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`SSE timed out with ${messages.length} messages: ${JSON.stringify(messages.map((m) => m.event))}`));
    }, timeoutMs);
    req.on('error', (e) => (e.message === 'socket hang up' ? undefined : reject(e)));
  });
}
