// Progress for long commands: a bar (cli-progress) on a terminal, plain lines when piped.
import { SingleBar, Presets } from 'cli-progress';

export interface Progress {
  update(done: number, payload?: Record<string, string | number>): void;
  stop(): void;
}

export function progress(label: string, total: number, unit: string, out: NodeJS.WriteStream = process.stdout): Progress {
  if (out.isTTY) {
    const bar = new SingleBar(
      { format: `${label} [{bar}] {value}/{total} ${unit} | {rate} | ETA {eta_formatted}`, hideCursor: true, etaBuffer: 50 },
      Presets.shades_classic,
    );
    bar.start(total, 0, { rate: '' });
    return { update: (done, payload) => bar.update(done, payload), stop: () => bar.stop() };
  }
  // Piped: one line each tenth of the way (and at the end), so logs stay short.
  let lastTenth = -1;
  return {
    update(done, payload) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      out.write(`${label}: ${done}/${total} ${unit}${payload?.rate ? `, ${payload.rate}` : ''}\n`);
    },
    stop() {},
  };
}
