// `rebuild <name> --online`: the running server holds the store, so the command line asks it to
// rebuild (POST /admin/read-models/:name/rebuild with the operator token) and follows the progress
// until the new generation serves, or the rebuild fails (the old one serving on).
import type { OnlineRebuildStatus } from '@logbook/projections';
import { EXIT } from './cli-command';

export interface OnlineRebuildOptions {
  serverUrl: string;
  adminToken: string | undefined;
  /** How often the progress is asked for (default 500 ms). */
  pollMs?: number;
  print?: (line: string) => void;
}

/** Consecutive failed progress reads after which the command gives up (the server went away). */
const UNREACHABLE_TRIES = 20;

interface Problem {
  title?: string;
  detail?: string;
}

export async function rebuildOnline(names: readonly string[], options: OnlineRebuildOptions): Promise<number> {
  const print = options.print ?? ((line: string) => console.log(line));
  if (!options.adminToken) {
    console.error('rebuild --online asks the running server, which needs the operator token: set LOGBOOK_ADMIN_TOKEN');
    return EXIT.usage;
  }
  const base = options.serverUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${options.adminToken}` };
  for (const name of names) {
    let answer: Response;
    try {
      answer = await fetch(`${base}/admin/read-models/${encodeURIComponent(name)}/rebuild`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      });
    } catch (error) {
      console.error(`rebuild --online: no server answers at ${base} (LOGBOOK_SERVER_URL, --server): ${error instanceof Error ? error.message : String(error)}`);
      return EXIT.problem;
    }
    if (answer.status !== 202) {
      const problem = (await answer.json().catch(() => ({}))) as Problem;
      console.error(`rebuild --online ${name}: the server answered ${answer.status}: ${problem.detail ?? problem.title ?? answer.statusText}`);
      return EXIT.problem;
    }
    const { started } = (await answer.json()) as { started: OnlineRebuildStatus };
    print(`${name}: building generation ${started.generation} beside the live one, which keeps serving`);
    const outcome = await follow(base, headers, name, started.generation, options.pollMs ?? 500, print);
    if (outcome !== EXIT.ok) return outcome;
  }
  return EXIT.ok;
}

async function follow(
  base: string,
  headers: Record<string, string>,
  name: string,
  generation: number,
  pollMs: number,
  print: (line: string) => void,
): Promise<number> {
  let unreachable = 0;
  let said = '';
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    let status: OnlineRebuildStatus | null | undefined;
    try {
      const answer = await fetch(`${base}/admin/read-models`, { headers });
      if (!answer.ok) throw new Error(`answered ${answer.status}`);
      const body = (await answer.json()) as { readModels: Record<string, { rebuild: OnlineRebuildStatus | null }> };
      status = body.readModels[name]?.rebuild;
      unreachable = 0;
    } catch (error) {
      if (++unreachable >= UNREACHABLE_TRIES) {
        console.error(`rebuild --online ${name}: lost the server (${error instanceof Error ? error.message : String(error)}); ask GET /admin/read-models`);
        return EXIT.problem;
      }
      continue;
    }
    if (!status || status.generation !== generation) {
      console.error(`rebuild --online ${name}: the server no longer reports generation ${generation} (restarted?); a half-built generation is discarded`);
      return EXIT.problem;
    }
    const line =
      status.state === 'requested'
        ? `${name}: recorded for the server that runs the read model, which starts it at its next turn`
        : status.state === 'replaying'
          ? `${name}: replaying, ${status.handled} events, ${(status.fraction * 100).toFixed(1)}%`
          : status.state === 'catching-up'
            ? `${name}: replayed ${status.handled} events, catching up with the live generation`
            : status.state === 'switched'
              ? `${name}: generation ${generation} serves now (${status.handled} events replayed)`
              : `${name}: the rebuild failed, generation ${generation} was dropped and the live one serves on: ${status.error ?? 'unknown error'}`;
    if (line !== said) print(line);
    said = line;
    if (status.state === 'switched') return EXIT.ok;
    if (status.state === 'failed') return EXIT.problem;
  }
}
