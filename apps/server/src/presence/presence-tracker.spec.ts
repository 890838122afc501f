import { MAX_CLIENTS_PER_GAME, PresenceTracker } from './presence-tracker';
import { presenceConfigFrom } from './presence-config';

const SEATS = [
  { seat: 1, name: 'Ana' },
  { seat: 2, name: 'Ben' },
];
const AWAY = 30_000;
const ABSENT = 300_000;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

/** A tracker on a clock the test moves, with no timers: changes reach watchers at `sweep()`. */
function tracker() {
  let now = T0;
  const presence = new PresenceTracker({ awayMs: AWAY, absentMs: ABSENT, server: 'test-1', now: () => now, timers: false });
  const statuses = (gameId = 'g1') => presence.presenceOf(gameId, SEATS).seats.map((s) => s.status);
  return {
    presence,
    statuses,
    at: (ms: number) => {
      now = T0 + ms;
      presence.sweep();
    },
  };
}

const iso = (ms: number) => new Date(T0 + ms).toISOString();

describe('presence tracker', () => {
  it('shows every seat absent, with no time, before anyone connects', () => {
    const { presence } = tracker();
    expect(presence.presenceOf('g1', SEATS)).toEqual({
      gameId: 'g1',
      server: 'test-1',
      seats: [
        { seat: 1, name: 'Ana', status: 'absent', since: null },
        { seat: 2, name: 'Ben', status: 'absent', since: null },
      ],
      spectators: 0,
      awayAfterMs: AWAY,
      absentAfterMs: ABSENT,
    });
  });

  describe('when a seat holds a feed open', () => {
    it('is connected since the feed opened, however long it stays open', () => {
      const { presence, statuses, at } = tracker();
      at(1000);
      presence.openFeed('g1', { seat: 1 });
      at(AWAY * 5);
      expect(statuses()).toEqual(['connected', 'absent']);
      expect(presence.presenceOf('g1', SEATS).seats[0]!.since).toBe(iso(1000));
    });

    it('stays connected through the grace window after the feed closes, then is away, then absent', () => {
      const { presence, statuses, at } = tracker();
      const close = presence.openFeed('g1', { seat: 1 });
      at(5000);
      close();
      at(5000 + AWAY - 1);
      expect(statuses()).toEqual(['connected', 'absent']);
      at(5000 + AWAY);
      expect(statuses()).toEqual(['away', 'absent']);
      expect(presence.presenceOf('g1', SEATS).seats[0]!.since).toBe(iso(5000 + AWAY));
      at(5000 + ABSENT);
      expect(statuses()).toEqual(['absent', 'absent']);
      expect(presence.presenceOf('g1', SEATS).seats[0]!.since).toBe(iso(5000 + ABSENT));
    });

    it('a reconnect within the window keeps the seat connected since the first connection', () => {
      const { presence, statuses, at } = tracker();
      const close = presence.openFeed('g1', { seat: 1 });
      at(1000);
      close();
      at(2000);
      presence.openFeed('g1', { seat: 1 });
      at(2000 + AWAY * 2);
      expect(statuses()[0]).toBe('connected');
      expect(presence.presenceOf('g1', SEATS).seats[0]!.since).toBe(iso(0));
    });

    it('a seat that comes back after being away is connected since it came back', () => {
      const { presence, at } = tracker();
      presence.openFeed('g1', { seat: 1 })();
      at(AWAY + 10);
      presence.heartbeat('g1', { seat: 1 });
      expect(presence.presenceOf('g1', SEATS).seats[0]).toMatchObject({ status: 'connected', since: iso(AWAY + 10) });
    });
  });

  describe('heartbeats', () => {
    it('keep a seat connected while they come within the window, and it is away once they stop', () => {
      const { presence, statuses, at } = tracker();
      for (let t = 0; t <= 100_000; t += 10_000) {
        at(t);
        presence.heartbeat('g1', { seat: 2, client: 'page-ben-0001' });
      }
      at(100_000 + AWAY - 1);
      expect(statuses()).toEqual(['absent', 'connected']);
      at(100_000 + AWAY);
      expect(statuses()).toEqual(['absent', 'away']);
    });

    it("count a page's spectator feed for the seat its heartbeats name, not as a spectator", () => {
      const { presence, statuses, at } = tracker();
      presence.openFeed('g1', { seat: null, client: 'page-ana-0001' });
      presence.heartbeat('g1', { seat: 1, client: 'page-ana-0001' });
      at(AWAY * 3);
      expect(statuses()).toEqual(['connected', 'absent']);
      expect(presence.presenceOf('g1', SEATS).spectators).toBe(0);
    });

    it('of more page ids than a game keeps are answered but not counted', () => {
      const { presence } = tracker();
      for (let i = 0; i < MAX_CLIENTS_PER_GAME + 50; i++) presence.heartbeat('g1', { seat: null, client: `spectator-${i}` });
      expect(presence.presenceOf('g1', SEATS).spectators).toBe(MAX_CLIENTS_PER_GAME);
    });
  });

  describe('spectators', () => {
    it('are counted per open feed and per page, never as a seat', () => {
      const { presence, statuses } = tracker();
      presence.openFeed('g1', { seat: null });
      const second = presence.openFeed('g1', { seat: null });
      presence.heartbeat('g1', { seat: null, client: 'page-spec-0001' });
      expect(presence.presenceOf('g1', SEATS).spectators).toBe(3);
      expect(statuses()).toEqual(['absent', 'absent']);
      second();
      expect(presence.presenceOf('g1', SEATS).spectators).toBe(2);
    });

    it('a page that stops its heartbeats is no longer counted after the window', () => {
      const { presence, at } = tracker();
      presence.heartbeat('g1', { seat: null, client: 'page-spec-0001' });
      at(AWAY);
      expect(presence.presenceOf('g1', SEATS).spectators).toBe(0);
    });

    it('of one game are not those of another', () => {
      const { presence } = tracker();
      presence.openFeed('g1', { seat: null });
      presence.openFeed('g2', { seat: 1 });
      expect(presence.presenceOf('g1', SEATS).spectators).toBe(1);
      expect(presence.presenceOf('g2', SEATS).spectators).toBe(0);
      expect(presence.presenceOf('g1', SEATS).seats[0]!.status).toBe('absent');
    });
  });

  describe('watchers', () => {
    it('are told of each change once, including the ones time alone makes', () => {
      const { presence, at } = tracker();
      const told: string[] = [];
      presence.watch('g1', () =>
        told.push(
          presence
            .presenceOf('g1', SEATS)
            .seats.map((s) => s.status)
            .join(','),
        ),
      );
      const close = presence.openFeed('g1', { seat: 1 });
      presence.sweep();
      presence.sweep();
      close();
      at(1000);
      at(AWAY + 1000);
      at(AWAY + 2000);
      at(ABSENT + 1000);
      expect(told).toEqual(['connected,absent', 'away,absent', 'absent,absent']);
    });

    it('of one game are not told of another', () => {
      const { presence } = tracker();
      let told = 0;
      presence.watch('g1', () => told++);
      presence.openFeed('g2', { seat: 1 });
      presence.sweep();
      expect(told).toBe(0);
    });

    it('stop being told once they unwatch', () => {
      const { presence } = tracker();
      let told = 0;
      const stop = presence.watch('g1', () => told++);
      stop();
      presence.openFeed('g1', { seat: 1 });
      presence.sweep();
      expect(told).toBe(0);
    });
  });

  it('forgets a game once nobody is connected or watching and every seat has been absent for as long again', () => {
    const { presence, at } = tracker();
    presence.openFeed('g1', { seat: 1 })();
    presence.heartbeat('g1', { seat: null, client: 'page-spec-0001' });
    at(2 * ABSENT - 1);
    expect((presence as unknown as { games: Map<string, unknown> }).games.size).toBe(1);
    at(2 * ABSENT);
    expect((presence as unknown as { games: Map<string, unknown> }).games.size).toBe(0);
    expect(presence.presenceOf('g1', SEATS).seats[0]).toMatchObject({ status: 'absent', since: null });
  });

  describe('configuration', () => {
    it('reads the grace window from LOGBOOK_PRESENCE_AWAY_MS (30 s when unset) and is absent after ten windows', () => {
      expect(presenceConfigFrom({ LOGBOOK_SERVER_ID: 'a' })).toEqual({ awayMs: 30_000, absentMs: 300_000, server: 'a' });
      expect(presenceConfigFrom({ LOGBOOK_PRESENCE_AWAY_MS: '500', LOGBOOK_SERVER_ID: 'a' })).toEqual({ awayMs: 500, absentMs: 5000, server: 'a' });
    });

    it.each(['0', 'soon', '-5', '3600001'])('refuses LOGBOOK_PRESENCE_AWAY_MS=%s at start-up, naming it', (value) => {
      expect(() => presenceConfigFrom({ LOGBOOK_PRESENCE_AWAY_MS: value })).toThrow(/LOGBOOK_PRESENCE_AWAY_MS/);
    });
  });
});
