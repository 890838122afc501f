import type { Worker } from 'node:worker_threads';
import type { AllQuery } from '../core/local-storage';
import type { PageText } from './sqlite-pages';
import { startSqliteWorker } from './sqlite-worker';

/** What the reader thread answers to one read: its pages, or what went wrong. */
export type ReaderAnswer = { id: number; texts: PageText[]; error?: undefined } | { id: number; error: string; texts?: undefined };

/**
 * A read-only connection to the store's file in a worker thread, where the pages of long reads of
 * all events (a rebuild's) are built: SQLite building a page's text is most of a read, and here it
 * runs beside the event loop, which parses and folds the page before while the next one is built.
 * WAL gives each of its queries what was committed when it began, as on the store's own connection,
 * so it sees every acknowledged append. Started on the first read it is asked for.
 */
export class SqliteReader {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (texts: PageText[]) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly filename: string,
    private readonly pageBytes: number,
  ) {}

  /** The pages of the read, as the store's own connection would build them. */
  texts(query: AllQuery): Promise<PageText[]> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<PageText[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Only a read under way keeps the process alive: an idle reader never holds it open.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, query });
    });
  }

  /** Ends the thread; reads under way fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(`SQLite store ${this.filename}: closed while reading`);
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = startSqliteWorker('sqlite-reader.worker', { filename: this.filename, pageBytes: this.pageBytes });
    worker.unref();
    worker.on('message', (answer: ReaderAnswer) => {
      const read = this.pending.get(answer.id);
      if (!read) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if (answer.error !== undefined) read.reject(new Error(`SQLite store ${this.filename}: ${answer.error}`));
      else read.resolve(answer.texts);
    });
    worker.on('error', (error) => this.stopped(worker, `SQLite store ${this.filename}: reader thread failed: ${error.message}`));
    worker.on('exit', (code) => this.stopped(worker, `SQLite store ${this.filename}: reader thread stopped (exit code ${code})`));
    return worker;
  }

  /** The thread is gone: its reads fail, and the next read starts another. */
  private stopped(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.failAll(reason);
  }

  private failAll(reason: string): void {
    const reads = [...this.pending.values()];
    this.pending.clear();
    for (const read of reads) read.reject(new Error(reason));
  }
}
