// An export streams with back-pressure: every write the client is slow to take waits for 'drain'
// or 'close', and neither listener may stay behind (they piled up past Node's limit of 10 and
// warned MaxListenersExceededWarning on every large export).
import { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GamePortabilityService } from './game-portability.service';
import type { LoadedGame } from './game-repository';
import { PortabilityController } from './portability.controller';
import type { RateBudgets } from '../http/rate-limits';

/** A response that takes one small chunk at a time, later: every write asks to wait for 'drain'. */
class SlowResponse extends Writable {
  statusCode = 0;
  readonly received: string[] = [];
  readonly listenerCounts: number[] = [];
  constructor() {
    super({ highWaterMark: 1 });
  }
  setHeader(): void {}
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.received.push(chunk.toString());
    this.listenerCounts.push(this.listenerCount('drain') + this.listenerCount('close'));
    setImmediate(callback);
  }
}

describe('exporting a large game', () => {
  const LINES = 200;

  async function exportTo(res: SlowResponse): Promise<void> {
    async function* lines() {
      for (let revision = 0; revision < LINES; revision++) yield { revision, type: 'TurnEnded', data: {} };
    }
    const portability = { export: async () => ({ header: { format: 'test', complete: true }, lines: lines() }) } as unknown as GamePortabilityService;
    const reply = { hijack: () => undefined, raw: res } as unknown as FastifyReply;
    const budgets = { charge: () => undefined } as unknown as RateBudgets;
    const req = { ip: '127.0.0.1' } as unknown as FastifyRequest;
    await new PortabilityController(portability, budgets).export({ gameId: 'g1' } as LoadedGame, { spectator: true }, req, reply);
  }

  it('waits for the client on every line and leaves no listener behind', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const res = new SlowResponse();
    const before = res.listenerCount('drain') + res.listenerCount('close');
    try {
      await exportTo(res);
      await new Promise((resolve) => res.once('finish', resolve));
      await new Promise((resolve) => setImmediate(resolve)); // a warning is emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(res.received).toHaveLength(LINES + 1);
    expect(Math.max(...res.listenerCounts)).toBeLessThanOrEqual(before + 2);
    expect(res.listenerCount('drain') + res.listenerCount('close')).toBeLessThanOrEqual(before + 1);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
