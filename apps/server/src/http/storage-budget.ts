// What new games may take of the server: a number of games per client address, and the data
// folder's size (the SQLite store and read models). Past either, new games, forks and imports are
// answered 507 while running games go on (a command adds a few hundred bytes; a game, its whole
// scenario and every later event).
//
// The per-client count is kept in memory, per process, like the rate budgets: the log records no
// client address (exports leave the server, and an address is personal data), so there is nothing
// to rebuild it from, and a restart starts it again. The data folder limit needs no memory: the
// folder is measured on every new game.
import { Global, Injectable, Module, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { FastifyRequest } from 'fastify';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { catchError, throwError, type Observable } from 'rxjs';
import type { AppConfig } from '@logbook/app-core';

const MB = 1024 * 1024;

/** Refused: the data folder has reached LOGBOOK_MAX_DATA_MB. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(readonly maxDataMb: number) {
    super(
      `The server's data folder has reached its limit (${maxDataMb} MB): running games go on, but no new game, fork or import is stored until an operator makes room`,
    );
  }
}

/** Refused: this client address has started LOGBOOK_MAX_GAMES_PER_CLIENT games on this server. */
export class GameQuotaError extends Error {
  override readonly name = 'GameQuotaError';
  constructor(readonly maxGames: number) {
    super(`This client address has started ${maxGames} games on this server, its limit: running games go on, but it can start no more`);
  }
}

export interface StorageHealth {
  /** The data folder's size now, in MB (one decimal); null for a store without one. */
  dataMb: number | null;
  /** LOGBOOK_MAX_DATA_MB, or null for no limit. */
  maxDataMb: number | null;
  /** LOGBOOK_MAX_GAMES_PER_CLIENT (counted per process). */
  maxGamesPerClient: number;
  /** Client addresses that have started a game in this process, and how many have reached the limit. */
  clients: number;
  clientsAtLimit: number;
  /** Whether a new game would be stored now (as far as the data folder goes). */
  acceptingNewGames: boolean;
}

@Injectable()
export class StorageBudget {
  private readonly started = new Map<string, number>();
  private readonly maxGames: number;
  private readonly maxDataMb: number | undefined;
  private readonly dataDir: string | undefined;

  constructor(config: ConfigService) {
    this.maxGames = config.getOrThrow<AppConfig['maxGamesPerClient']>('maxGamesPerClient');
    this.maxDataMb = config.get<AppConfig['maxDataMb']>('maxDataMb');
    const store = config.getOrThrow<AppConfig['store']>('store');
    this.dataDir = store.kind === 'sqlite' ? dirname(store.filename) : undefined;
  }

  /**
   * Takes one game of `client`'s allowance, or throws (507) when the data folder is full or the
   * client has started its last game; the answer gives the game back if it is not stored.
   */
  async admit(client: string): Promise<() => void> {
    if (this.maxDataMb !== undefined && ((await this.dataBytes()) ?? 0) >= this.maxDataMb * MB) throw new StorageFullError(this.maxDataMb);
    const count = this.started.get(client) ?? 0;
    if (count >= this.maxGames) throw new GameQuotaError(this.maxGames);
    this.started.set(client, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.started.get(client) ?? 1) - 1;
      if (now <= 0) this.started.delete(client);
      else this.started.set(client, now);
    };
  }

  /** The bytes of the files in the data folder (the store, its journal, the read models), or undefined without one. */
  async dataBytes(): Promise<number | undefined> {
    if (this.dataDir === undefined) return undefined;
    let total = 0;
    for (const entry of await readdir(this.dataDir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isFile())
        total += await stat(join(this.dataDir, entry.name)).then(
          (s) => s.size,
          () => 0,
        );
    }
    return total;
  }

  async health(): Promise<StorageHealth> {
    const bytes = await this.dataBytes();
    let atLimit = 0;
    for (const count of this.started.values()) if (count >= this.maxGames) atLimit += 1;
    return {
      dataMb: bytes === undefined ? null : Math.round((bytes / MB) * 10) / 10,
      maxDataMb: this.maxDataMb ?? null,
      maxGamesPerClient: this.maxGames,
      clients: this.started.size,
      clientsAtLimit: atLimit,
      acceptingNewGames: this.maxDataMb === undefined || (bytes ?? 0) < this.maxDataMb * MB,
    };
  }
}

/** On a route that stores a new game (create, fork, import): admitted by the storage budget first. */
@Injectable()
export class NewGameBudget implements NestInterceptor {
  constructor(private readonly budget: StorageBudget) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const release = await this.budget.admit(context.switchToHttp().getRequest<FastifyRequest>().ip);
    return next.handle().pipe(
      catchError((error: unknown) => {
        release();
        return throwError(() => error);
      }),
    );
  }
}

@Global()
@Module({ providers: [StorageBudget, NewGameBudget], exports: [StorageBudget, NewGameBudget] })
export class StorageBudgetModule {}
