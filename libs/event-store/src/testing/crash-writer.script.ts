/**
 * Child process of the crash test: appends to SQLite as fast as group commit allows and prints
 * one line per ACKNOWLEDGED append (`ack <batch> <id,id,…>`), until it is killed.
 * stdout to a pipe is synchronous on Linux, so a printed ack has left the process before the
 * next append continues. Resumes from the stream heads, so it can be killed and rerun.
 */
import { randomUUID } from 'node:crypto';
import type { ExpectedRevision } from '../event-store.port';
import { SqliteEventStore } from '../sqlite/sqlite-event-store';

const [filename, round = '0'] = process.argv.slice(2);
const GAMES = 20;
const store = new SqliteEventStore({ filename });

async function headOf(streamId: string): Promise<ExpectedRevision> {
  const result = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  return result.status === 'ok' ? result.events[0].revision : 'no_stream';
}

async function play(game: number): Promise<never> {
  const streamId = `game-crash-${game}`;
  let expected = await headOf(streamId);
  for (let turn = 0; ; turn++) {
    const batch = `${round}/${game}/${turn}`;
    // 1 to 4 events per append, so a torn write would show as an incomplete batch.
    const size = 1 + ((game + turn) % 4);
    const events = Array.from({ length: size }, (_, i) => ({
      id: randomUUID(),
      type: 'CrashTestEvent',
      data: { game, turn, i, padding: 'x'.repeat(200) },
      metadata: { batch, batchSize: size },
    }));
    const { nextExpectedRevision } = await store.append(streamId, events, expected);
    process.stdout.write(`ack ${batch} ${events.map((event) => event.id).join(',')}\n`);
    expected = nextExpectedRevision;
  }
}

process.stdout.write('ready\n');
void Promise.all(Array.from({ length: GAMES }, (_, game) => play(game))).catch((error: unknown) => {
  process.stderr.write(`crash writer failed: ${String(error)}\n`);
  process.exit(1);
});
