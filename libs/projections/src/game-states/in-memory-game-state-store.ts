import { compareNewestFirst, summarize, type GameStateRecord, type GameStateStore, type GameSummary, type GameSummaryQuery } from './game-state-store.port';

export const matchesQuery = (summary: GameSummary, query: GameSummaryQuery): boolean =>
  (query.status === undefined || summary.status === query.status) && (query.scenarioId === undefined || summary.scenarioId === query.scenarioId);

export class InMemoryGameStateStore implements GameStateStore {
  private readonly records = new Map<string, GameStateRecord>();

  get(gameId: string): GameStateRecord | undefined {
    return this.records.get(gameId);
  }

  put(record: GameStateRecord): void {
    this.records.set(record.gameId, record);
  }

  list(query: GameSummaryQuery = {}): GameSummary[] {
    const after = query.after;
    return [...this.records.values()]
      .map(summarize)
      .filter((s) => matchesQuery(s, query))
      .sort(compareNewestFirst)
      .filter((s) => !after || compareNewestFirst({ createdAt: after.createdAt, gameId: after.gameId }, s) < 0)
      .slice(0, query.limit ?? 100);
  }

  clear(): void {
    this.records.clear();
  }

  flush(): void {}

  close(): void {}
}
