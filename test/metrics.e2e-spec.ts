// GET /metrics: Prometheus' text format from the application's own registry, every family
// present, and the figures move with the traffic (orders by type and outcome, HTTP latency by
// route template, the store's group commits, read-model lag back to 0).
import { parseScenario } from '@logbook/content';
import { SETUP_RESPONSE, hexNavigationScenario, scriptCommand } from '../bench/perf/hex-navigation';
import { COMMAND_RULES, PIPELINE_RULES } from '../apps/server/src/openapi/command-rules';
import { createGame, send, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    out.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return out;
}

/** The sum of the samples named `name` whose labels include `labels`. */
const valueOf = (all: Sample[], name: string, labels: Record<string, string> = {}): number =>
  all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);

const scrape = async (app: TestApp): Promise<Sample[]> => {
  const res = await app.http().get('/metrics').expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return samples(res.text);
};

const hexScenario = () => {
  const parsed = parseScenario(hexNavigationScenario());
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.scenario;
};

describe('GET /metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.dispose());

  it('lists every family, the process defaults included', async () => {
    const res = await app.http().get('/metrics').expect(200);
    for (const family of [
      'logbook_orders_total counter',
      'logbook_http_request_duration_seconds histogram',
      'logbook_store_commit_seconds histogram',
      'logbook_store_commit_group_size histogram',
      'logbook_read_model_lag gauge',
      'logbook_live_feeds_open gauge',
      'logbook_games_in_memory gauge',
      'logbook_games_in_memory_bytes gauge',
      'logbook_seek_index_bytes gauge',
      'process_cpu_user_seconds_total counter',
      'nodejs_eventloop_lag_seconds gauge',
      'nodejs_heap_size_used_bytes gauge',
    ]) {
      expect(res.text).toContain(`# TYPE ${family}\n`);
    }
  });

  describe('under load', () => {
    const ORDERS = 60;
    let before: Sample[];
    let after: Sample[];
    let seat: Seat;
    let rule: string;

    beforeAll(async () => {
      const game = await createGame(app, hexScenario());
      seat = game.seats[0];
      await send(app, game.gameId, seat, SETUP_RESPONSE);
      await app.http().get(`/games/${game.gameId}/events`).expect(200);
      before = await scrape(app);
      for (let i = 0; i < ORDERS; i++) expect((await send(app, game.gameId, seat, scriptCommand(i))).status).toBe(200);
      // A refusal by the rules, bad input (an unknown field, an unknown type), a stale revision.
      const refused = await send(app, game.gameId, seat, { type: 'StartNavigation' });
      expect(refused.status).toBe(422);
      rule = refused.body.rule as string;
      expect((await send(app, game.gameId, seat, { type: 'MoveShip', sails: 'up' })).status).toBe(400);
      expect((await send(app, game.gameId, seat, { type: 'Teleport' })).status).toBe(400);
      const stale = await app
        .http()
        .post(`/games/${game.gameId}/commands`)
        .set('Authorization', `Bearer ${seat.token}`)
        .set('If-Match', '"1"')
        .send({ commandId: `stale-${game.gameId}`, ...scriptCommand(ORDERS) });
      expect(stale.status).toBe(409);
      // Lag is read as the store's last position less the read model's: it comes back to 0.
      for (let attempt = 0; attempt < 100; attempt++) {
        after = await scrape(app);
        if (
          valueOf(after, 'logbook_read_model_lag', { projection: 'game-states' }) === 0 &&
          valueOf(after, 'logbook_read_model_lag', { projection: 'analytics' }) === 0
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    const rise = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

    it('counts each accepted order once, by its command type', () => {
      const sent = new Map<string, number>();
      for (let i = 0; i < ORDERS; i++) sent.set(scriptCommand(i).type, (sent.get(scriptCommand(i).type) ?? 0) + 1);
      for (const [command, count] of sent) expect(rise('logbook_orders_total', { command, outcome: 'accepted' })).toBe(count);
      expect(rise('logbook_orders_total', { outcome: 'accepted' })).toBe(ORDERS);
    });

    it('counts refusals by outcome, a rule refusal with its rule id, an unknown type as unknown', () => {
      expect([...PIPELINE_RULES, ...Object.values(COMMAND_RULES).flat()]).toContain(rule);
      expect(rise('logbook_orders_total', { command: 'StartNavigation', outcome: 'rule', rule })).toBe(1);
      expect(rise('logbook_orders_total', { command: 'MoveShip', outcome: 'bad-input' })).toBe(1);
      expect(rise('logbook_orders_total', { command: 'unknown', outcome: 'bad-input' })).toBe(1);
      expect(rise('logbook_orders_total', { outcome: 'conflict' })).toBe(1);
      const labels = after.filter((s) => s.name === 'logbook_orders_total').map((s) => s.labels.command);
      expect(labels).not.toContain('Teleport');
    });

    it('times requests by route template and status class, never by the URL sent', () => {
      const route = '/games/:gameId/commands';
      expect(rise('logbook_http_request_duration_seconds_count', { method: 'POST', route, status_class: '2xx' })).toBe(ORDERS);
      expect(rise('logbook_http_request_duration_seconds_count', { method: 'POST', route, status_class: '4xx' })).toBe(4);
      expect(rise('logbook_http_request_duration_seconds_sum', { method: 'POST', route })).toBeGreaterThan(0);
      const routes = new Set(after.filter((s) => s.name === 'logbook_http_request_duration_seconds_count').map((s) => s.labels.route));
      for (const seen of routes) expect(seen).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
      expect(routes).toContain('/games/:gameId/events');
    });

    it("samples the store's group commits: one append per accepted order at least", () => {
      expect(rise('logbook_store_commit_group_size_sum')).toBeGreaterThanOrEqual(ORDERS);
      expect(rise('logbook_store_commit_seconds_count')).toBeGreaterThan(0);
      expect(rise('logbook_store_commit_seconds_count')).toBe(rise('logbook_store_commit_group_size_count'));
    });

    it('shows the read models caught up again, and the game held in memory', () => {
      expect(valueOf(after, 'logbook_read_model_lag', { projection: 'game-states' })).toBe(0);
      expect(valueOf(after, 'logbook_read_model_lag', { projection: 'analytics' })).toBe(0);
      expect(valueOf(after, 'logbook_games_in_memory')).toBeGreaterThanOrEqual(1);
      expect(valueOf(after, 'logbook_games_in_memory_bytes')).toBeGreaterThan(0);
    });
  });
});

describe('GET /metrics, configured', () => {
  afterEach(() => {
    delete process.env.LOGBOOK_METRICS;
    delete process.env.LOGBOOK_METRICS_TOKEN;
    delete process.env.LOGBOOK_ADMIN_TOKEN;
  });

  it('is a 404 with LOGBOOK_METRICS=off', async () => {
    process.env.LOGBOOK_METRICS = 'off';
    const app = await startApp();
    try {
      const res = await app.http().get('/metrics').expect(404);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    } finally {
      await app.dispose();
    }
  });

  it('asks for LOGBOOK_METRICS_TOKEN when set, and takes the operator token too', async () => {
    process.env.LOGBOOK_METRICS_TOKEN = 'metrics-token-0123456789';
    process.env.LOGBOOK_ADMIN_TOKEN = 'operator-token-0123456789';
    const app = await startApp();
    try {
      await app.http().get('/metrics').expect(401);
      await app.http().get('/metrics').set('Authorization', 'Bearer not-the-token-at-all').expect(403);
      await app.http().get('/metrics').set('Authorization', 'Bearer metrics-token-0123456789').expect(200);
      await app.http().get('/metrics').set('Authorization', 'Bearer operator-token-0123456789').expect(200);
    } finally {
      await app.dispose();
    }
  });

  it('two applications in one process keep their own counts', async () => {
    const first = await startApp();
    const second = await startApp();
    try {
      const game = await createGame(first, hexScenario());
      await send(first, game.gameId, game.seats[0], { type: 'Teleport' }).expect(400);
      const count = async (app: TestApp) => valueOf(await scrape(app), 'logbook_orders_total', { command: 'unknown' });
      expect(await count(first)).toBe(1);
      expect(await count(second)).toBe(0);
    } finally {
      await first.dispose();
      await second.dispose();
    }
  });
});
