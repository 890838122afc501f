import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { RecordedEvent } from '../event-store.port';
import { SqliteEventStore } from './sqlite-event-store';

const REPO_ROOT = resolve(__dirname, '../../../..');
const WRITER = join(__dirname, '../testing/crash-writer.script.ts');

interface Round {
  ackedIds: string[];
  signal: NodeJS.Signals | null;
}

/** Runs the writer until it has acknowledged `acks` appends, then SIGKILLs it mid-load. */
function killMidLoad(filename: string, round: number, acks: number): Promise<Round> {
  return new Promise((done, fail) => {
    const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', WRITER, filename, String(round)], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ackedIds: string[] = [];
    let pending = '';
    let stderr = '';
    let seen = 0;
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? ''; // a line cut by the kill was never fully acknowledged
      for (const line of lines) {
        if (!line.startsWith('ack ')) continue;
        ackedIds.push(...line.split(' ')[2].split(','));
        if (++seen === acks) child.kill('SIGKILL');
      }
    });
    child.on('error', fail);
    child.on('close', (code, signal) => {
      if (signal !== 'SIGKILL') fail(new Error(`writer exited with ${code}: ${stderr}`));
      else done({ ackedIds, signal });
    });
  });
}

describe('SQLite store killed with SIGKILL while appending', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'logbook-crash-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every acknowledged event exactly once and no append half-written, across three kills', async () => {
    const filename = join(dir, 'events.db');
    const acked: string[] = [];
    for (const [round, acks] of [
      [1, 400],
      [2, 1500],
      [3, 3000],
    ]) {
      const { ackedIds, signal } = await killMidLoad(filename, round, acks);
      expect(signal).toBe('SIGKILL');
      acked.push(...ackedIds);
    }

    const raw = new Database(filename);
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    raw.close();

    const store = new SqliteEventStore({ filename });
    const stored: RecordedEvent[] = await store.readAll();
    await store.close();

    const occurrences = new Map<string, number>();
    for (const event of stored) occurrences.set(event.id, (occurrences.get(event.id) ?? 0) + 1);
    expect(acked.length).toBeGreaterThan(4000);
    expect(acked.filter((id) => occurrences.get(id) !== 1)).toEqual([]);

    // All or nothing: every append that left a trace left all its events.
    const batches = new Map<string, { size: number; count: number }>();
    for (const { metadata } of stored) {
      const batch = batches.get(metadata.batch as string) ?? { size: metadata.batchSize as number, count: 0 };
      batch.count += 1;
      batches.set(metadata.batch as string, batch);
    }
    expect([...batches].filter(([, { size, count }]) => size !== count)).toEqual([]);

    // Revisions stay gapless per stream after every restart.
    const byStream = new Map<string, number[]>();
    for (const event of stored) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event.revision]);
    for (const revisions of byStream.values()) expect(revisions).toEqual([...revisions.keys()]);
  }, 60_000);
});
