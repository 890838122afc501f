// What the server tells a Prometheus scraper, on a registry of its own (never prom-client's global
// one, so two applications in one process, as the e2e specs run them, each count their own).
// Every label takes values from a fixed set (command types, rule ids, route templates, status
// classes): a label fed from a client's text would grow the series without bound.
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { CountedHistogram, type HistogramSeries } from './counted-histogram';

/** How an order ended, as the metrics count it. */
export type OrderOutcome = 'accepted' | 'rule' | 'conflict' | 'bad-input' | 'error';

/** The figures the metrics read when scraped, from the services that hold them. */
export interface MetricsSources {
  openFeeds(): number;
  gamesInMemory(): { games: number; bytes: number };
  seekIndexBytes(): number;
  /** Store positions each read model has not handled yet (undefined: the store did not answer). */
  readModelLag(): Promise<Record<string, number | undefined>>;
}

const HTTP_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const COMMIT_SECONDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const GROUP_SIZES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

export class LogbookMetrics {
  readonly registry = new Registry();
  private readonly http: CountedHistogram;
  private readonly commitSeconds: HistogramSeries;
  private readonly commitGroupSize: HistogramSeries;
  /**
   * Orders counted by their joined label values, handed to prom-client when scraped: an order
   * costs a Map lookup and an addition, not prom-client's label hashing and checks.
   */
  private readonly orderCounts = new Map<string, { labels: { command: string; outcome: OrderOutcome; rule: string }; count: number }>();
  private sources: MetricsSources | undefined;

  constructor(
    readonly enabled: boolean,
    /** Command types and rule ids a label may name; anything else is counted as `unknown` / `other`. */
    private readonly known: { commands: ReadonlySet<string>; rules: ReadonlySet<string> },
  ) {
    const registers = [this.registry];
    const orderCounts = this.orderCounts;
    new Counter({
      name: 'logbook_orders_total',
      help: 'Orders (commands) answered, by command type and outcome; rule is the rule id of a refusal by the rules',
      labelNames: ['command', 'outcome', 'rule'],
      registers,
      collect() {
        this.reset();
        for (const { labels, count } of orderCounts.values()) this.inc(labels, count);
      },
    });
    this.http = new CountedHistogram(
      'logbook_http_request_duration_seconds',
      'HTTP requests by route template and status class, from arrival to the response sent (live feeds excluded)',
      HTTP_SECONDS,
      this.registry,
    );
    this.commitSeconds = new CountedHistogram(
      'logbook_store_commit_seconds',
      "The store's group commits: how long each held the event loop (transaction, fsync, answering its appends)",
      COMMIT_SECONDS,
      this.registry,
    ).seriesOf('', () => ({}));
    this.commitGroupSize = new CountedHistogram(
      'logbook_store_commit_group_size',
      "Appends carried by each of the store's group commits",
      GROUP_SIZES,
      this.registry,
    ).seriesOf('', () => ({}));
    const sourced = (read: (sources: MetricsSources) => number) => () => (this.sources ? read(this.sources) : 0);
    this.gauge(
      'logbook_live_feeds_open',
      'Live feeds (server-sent events) open now',
      sourced((s) => s.openFeeds()),
    );
    this.gauge(
      'logbook_games_in_memory',
      'Games whose folded state the server holds in memory',
      sourced((s) => s.gamesInMemory().games),
    );
    this.gauge(
      'logbook_games_in_memory_bytes',
      "Estimated bytes of the games held in memory (against the games' cache budget)",
      sourced((s) => s.gamesInMemory().bytes),
    );
    this.gauge(
      'logbook_seek_index_bytes',
      "Estimated bytes of the seek indexes' snapshots and events (against LOGBOOK_SEEK_INDEX_MB)",
      sourced((s) => s.seekIndexBytes()),
    );
    const lagOf = (): Promise<Record<string, number | undefined>> => this.sources?.readModelLag() ?? Promise.resolve({});
    new Gauge({
      name: 'logbook_read_model_lag',
      help: 'Store positions a read model has not handled yet (0: caught up); absent while the store does not answer',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        for (const [projection, behind] of Object.entries(await lagOf())) if (behind !== undefined) this.set({ projection }, behind);
      },
    });
    if (enabled) collectDefaultMetrics({ register: this.registry });
  }

  /** Where the gauges read from, once the application's services exist. */
  readFrom(sources: MetricsSources): void {
    this.sources = sources;
  }

  /** One order answered. O(1): a Map lookup and an increment. */
  order(type: unknown, outcome: OrderOutcome, rule?: string): void {
    const command = typeof type === 'string' && this.known.commands.has(type) ? type : 'unknown';
    const ruleLabel = rule === undefined ? '' : this.known.rules.has(rule) ? rule : 'other';
    const key = `${command} ${outcome} ${ruleLabel}`;
    const counted = this.orderCounts.get(key);
    if (counted === undefined) this.orderCounts.set(key, { labels: { command, outcome, rule: ruleLabel }, count: 1 });
    else counted.count += 1;
  }

  /** One HTTP request answered; `route` is the route's template (undefined: no route matched). */
  request(method: string, route: string | undefined, status: number, seconds: number): void {
    const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
    this.http
      .seriesOf(`${method} ${route} ${statusClass}`, () => ({
        method: METHODS.has(method) ? method : 'other',
        route: route ?? 'unmatched',
        status_class: statusClass,
      }))
      .observe(seconds);
  }

  /** One group commit of the store (see `EventStore.observeCommits`). */
  readonly commit = (appends: number, seconds: number): void => {
    this.commitGroupSize.observe(appends);
    this.commitSeconds.observe(seconds);
  };

  private gauge(name: string, help: string, value: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(value());
      },
    });
  }
}
