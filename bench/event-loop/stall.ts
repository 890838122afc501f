// How long the event loop went without a turn while some work ran: the longest gap between
// timer ticks (every STEP_MS), which is what every other request would have waited.
import { performance } from 'node:perf_hooks';

const STEP_MS = 5;

export interface Stall {
  /** Wall time of the work. */
  ms: number;
  /** The longest the loop went without a turn while the work ran. */
  longestStallMs: number;
}

export async function measureStall(work: () => Promise<unknown> | unknown): Promise<Stall> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, STEP_MS);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const ended = performance.now();
  longest = Math.max(longest, ended - last);
  return { ms: ended - started, longestStallMs: longest };
}

export const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;
