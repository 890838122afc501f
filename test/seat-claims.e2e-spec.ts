// A seat claimed into a player profile (POST /games/:id/seats/:seat/claim): by the seat's own
// token with the profile's secret; the seat then shows the profile's name and counts in its
// games and analytics; the claim replays, forks and exports, and erasure reaches it.
import 'reflect-metadata';
import { asText, createGame, endTurnOrChoose, lostGame, play, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useEnv } from './support/env';

const OPERATOR = 'operator-token-for-the-seat-claim-tests';
const NAME = 'Philippa Ravensworth-Okafor';
const bearer = (seat: Seat) => ({ Authorization: `Bearer ${seat.token}` });
const asOperator = { Authorization: `Bearer ${OPERATOR}` };
const secretOf = (secret: string) => ({ 'X-Player-Secret': secret });

interface Profile {
  playerId: string;
  secret: string;
}
type Seats = Array<{ seat: number; name: string; playerId?: string }>;

describe('claiming a seat into a player profile', () => {
  let app: TestApp;
  // Every game is snapshotted at its first floor: a claim before it must come back from the snapshot.
  useEnv({ LOGBOOK_ADMIN_TOKEN: OPERATOR, LOGBOOK_SNAPSHOT_EVERY: '1' });
  beforeEach(async () => {
    app = await startApp();
  });
  afterEach(() => app.dispose());

  const register = async (name = NAME): Promise<Profile> => (await app.http().post('/players').send({ name }).expect(201)).body as Profile;
  const claim = (gameId: string, seat: number, caller: Seat | null, profile: Profile, extra: Record<string, unknown> = {}) => {
    const req = app.http().post(`/games/${gameId}/seats/${seat}/claim`);
    if (caller) req.set(bearer(caller));
    return req.send({ playerId: profile.playerId, playerSecret: profile.secret, ...extra });
  };
  const seatsOf = async (gameId: string, seat?: Seat): Promise<Seats> =>
    ((await view(app, gameId, seat)) as { seats: Seats }).seats.map((s) => ({ seat: s.seat, name: s.name, ...(s.playerId ? { playerId: s.playerId } : {}) }));
  const voyages = async (profile: Profile) =>
    (
      (await app.http().get(`/players/${profile.playerId}/games`).set(secretOf(profile.secret)).expect(200)).body as {
        voyages: Array<{ gameId: string; seats: Seats }>;
      }
    ).voyages;

  it("links the seat: everyone sees the profile's name and id there, the profile's games and figures count it, and the same claim again answers the same", async () => {
    // A sandbox game, whose every action can be undone (the claim is stepped over).
    const game = await createGame(app, 'twin-sails', 2, 'sandbox');
    const [one, two] = game.seats as [Seat, Seat];
    await endTurnOrChoose(app, game.gameId, one);
    const ana = await register();
    const res = await claim(game.gameId, 1, one, ana).expect(200);
    expect(res.body.events).toEqual([expect.objectContaining({ type: 'SeatClaimed', data: { seat: 1, playerId: ana.playerId, name: NAME } })]);
    expect(res.headers.etag).toBe(`"${res.body.revision as number}"`);

    const expected = [
      { seat: 1, name: NAME, playerId: ana.playerId },
      { seat: 2, name: 'Player 2' },
    ];
    expect(await seatsOf(game.gameId, one)).toEqual(expected);
    expect(await seatsOf(game.gameId, two)).toEqual(expected);
    expect(await seatsOf(game.gameId)).toEqual(expected);
    // A past view before the claim shows the seat as it was then.
    const before = (
      await app
        .http()
        .get(`/games/${game.gameId}?at=${(res.body.revision as number) - 1}`)
        .expect(200)
    ).body as { seats: Seats };
    expect(before.seats[0]).toMatchObject({ name: 'Player 1' });
    expect(before.seats[0]?.playerId).toBeUndefined();
    // The event feed shows it to every viewer, as the seats of a new game are shown.
    const feed = (await app.http().get(`/games/${game.gameId}/events`).expect(200)).body as { events: Array<{ type: string; data: unknown }> };
    expect(feed.events.filter((e) => e.type === 'SeatClaimed')).toEqual([expect.objectContaining({ data: { seat: 1, playerId: ana.playerId, name: NAME } })]);

    // A retry is safe: the same answer, nothing recorded twice.
    const again = await claim(game.gameId, 1, one, ana).expect(200);
    expect(again.body).toEqual(res.body);
    expect(((await view(app, game.gameId)) as { revision: number }).revision).toBe(res.body.revision);

    // It is no game action: an undo takes back the move before it, and the seat stays linked.
    await play(app, game.gameId, one, { type: 'Undo' });
    expect(await seatsOf(game.gameId)).toEqual(expected);

    const listed = await voyages(ana);
    expect(listed.map((v) => v.gameId)).toEqual([game.gameId]);
    expect(listed[0]?.seats[0]).toMatchObject({ name: NAME, playerId: ana.playerId });
    const figures = (await app.http().get(`/players/${ana.playerId}/analytics`).set(secretOf(ana.secret)).expect(200)).body;
    expect(figures).toMatchObject({ playerId: ana.playerId, games: 1 });
  });

  it('answers 400 / 401 / 403 / 404 / 410 and changes nothing then', async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [one, two] = game.seats as [Seat, Seat];
    const ana = await register();
    const revision = game.revision;
    await claim(game.gameId, 1, null, ana).expect(401);
    await claim(game.gameId, 1, two, ana).expect(403);
    await app
      .http()
      .post(`/games/${game.gameId}/seats/1/claim`)
      .set({ Authorization: 'Bearer not-a-token-of-this-game' })
      .send({ playerId: ana.playerId, playerSecret: ana.secret })
      .expect(403);
    await claim(game.gameId, 1, one, { ...ana, secret: 'not-the-secret-of-this-player' }).expect(403);
    await claim(game.gameId, 1, one, { playerId: '00000000-0000-4000-8000-000000000000', secret: ana.secret }).expect(404);
    await claim('00000000-0000-4000-8000-000000000000', 1, one, ana).expect(404);
    await claim(game.gameId, 1, one, ana, { commandId: 'c-1' }).expect(400);
    await claim(game.gameId, 1, one, { playerId: 'not-an-id', secret: ana.secret }).expect(400);
    await app.http().post(`/games/${game.gameId}/seats/1/claim`).set(bearer(one)).send({ playerId: ana.playerId }).expect(400);
    await app.http().post(`/games/${game.gameId}/seats/x/claim`).set(bearer(one)).send({ playerId: ana.playerId, playerSecret: ana.secret }).expect(400);
    const erased = await register('Someone Gone');
    await app.http().delete(`/players/${erased.playerId}`).set(secretOf(erased.secret)).expect(204);
    await claim(game.gameId, 1, one, erased).expect(410);
    expect(((await view(app, game.gameId)) as { revision: number }).revision).toBe(revision);
    expect(await seatsOf(game.gameId)).toEqual([
      { seat: 1, name: 'Player 1' },
      { seat: 2, name: 'Player 2' },
    ]);
  });

  it('answers 409 for a seat already linked and for a profile holding another seat of a standard game; a sandbox lets one profile hold every seat', async () => {
    const ana = await register();
    const bo = await register('Bo Achterberg');
    const taken = (
      await app
        .http()
        .post('/games')
        .send({ scenario: 'twin-sails', players: [{ playerId: bo.playerId, playerSecret: bo.secret }, { name: 'Dee' }] })
        .expect(201)
    ).body as { gameId: string; seats: Seat[] };
    const [first, second] = taken.seats as [Seat, Seat];
    // Seat 1 was taken with Bo's profile: neither another profile nor Bo's again.
    expect((await claim(taken.gameId, 1, first, ana).expect(409)).body).toMatchObject({ rule: 'seat.claimed' });
    expect((await claim(taken.gameId, 1, first, bo).expect(409)).body).toMatchObject({ rule: 'seat.claimed' });
    // Bo holds seat 1 already: not seat 2 as well.
    expect((await claim(taken.gameId, 2, second, bo).expect(409)).body).toMatchObject({ rule: 'seat.profile-elsewhere' });
    await claim(taken.gameId, 2, second, ana).expect(200);
    expect((await claim(taken.gameId, 2, second, bo).expect(409)).body).toMatchObject({ rule: 'seat.claimed' });

    const sandbox = await createGame(app, 'twin-sails', 2, 'sandbox');
    await claim(sandbox.gameId, 1, sandbox.seats[0] as Seat, ana).expect(200);
    await claim(sandbox.gameId, 2, sandbox.seats[1] as Seat, ana).expect(200);
    expect((await seatsOf(sandbox.gameId)).map((s) => s.playerId)).toEqual([ana.playerId, ana.playerId]);
  });

  it('comes back after a restart, from the snapshot folded after it and the log beyond', async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [one] = game.seats as [Seat, Seat];
    const ana = await register();
    await claim(game.gameId, 1, one, ana).expect(200);
    // Turns ended after the claim: floors, each one snapshotted.
    await endTurnOrChoose(app, game.gameId, one);
    const linked = [
      { seat: 1, name: NAME, playerId: ana.playerId },
      { seat: 2, name: 'Player 2' },
    ];
    expect(await seatsOf(game.gameId)).toEqual(linked);
    app = await app.restart();
    expect(await seatsOf(game.gameId)).toEqual(linked);
    await claim(game.gameId, 1, one, ana).expect(200);
    expect((await claim(game.gameId, 2, game.seats[1] as Seat, ana).expect(409)).body).toMatchObject({ rule: 'seat.profile-elsewhere' });
  });

  it('is open on a finished game, so a group links its past voyages', async () => {
    const game = await lostGame(app);
    expect((await view(app, game.gameId)).status).toBe('lost');
    const ana = await register();
    await claim(game.gameId, 1, game.one, ana).expect(200);
    expect((await seatsOf(game.gameId))[0]).toMatchObject({ name: NAME, playerId: ana.playerId });
    expect((await voyages(ana)).map((v) => v.gameId)).toEqual([game.gameId]);
  });

  it("a fork keeps the link for the seats its source players hold; an operator's fork, or one naming new players, starts unlinked", async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [one, two] = game.seats as [Seat, Seat];
    const ana = await register();
    const claimed = (await claim(game.gameId, 2, two, ana).expect(200)).body as { revision: number };
    const fork = (await app.http().post(`/games/${game.gameId}/fork`).set(bearer(one)).send({ at: claimed.revision }).expect(201)).body as {
      gameId: string;
    };
    // Seat 2 of the fork keeps its source token: the same player, still linked.
    expect(await seatsOf(fork.gameId)).toEqual([
      { seat: 1, name: 'Player 1' },
      { seat: 2, name: NAME, playerId: ana.playerId },
    ]);
    expect((await voyages(ana)).map((v) => v.gameId).sort()).toEqual([game.gameId, fork.gameId].sort());
    // The source seat's token opens the fork's seat 2, and the claim there is already recorded.
    expect((await claim(fork.gameId, 2, two, ana).expect(409)).body).toMatchObject({ rule: 'seat.claimed' });

    const byOperator = (await app.http().post(`/games/${game.gameId}/fork`).set(asOperator).send({ at: claimed.revision }).expect(201)).body as {
      gameId: string;
      seats: Seat[];
    };
    expect((await seatsOf(byOperator.gameId)).map((s) => s.playerId)).toEqual([undefined, undefined]);
    // Whoever takes the fork's seat may claim it there.
    await claim(byOperator.gameId, 2, byOperator.seats[1] as Seat, ana).expect(200);
    const renamed = (
      await app
        .http()
        .post(`/games/${game.gameId}/fork`)
        .set(bearer(one))
        .send({ at: claimed.revision, players: [{ name: 'Eve' }, { name: 'Finn' }] })
        .expect(201)
    ).body as { gameId: string };
    expect(await seatsOf(renamed.gameId)).toEqual([
      { seat: 1, name: 'Eve' },
      { seat: 2, name: 'Finn' },
    ]);
  });

  it("an export carries the claim's name and profile id, never a secret; an import shows the name but counts for no profile", async () => {
    const game = await createGame(app, 'twin-sails', 2);
    const [one] = game.seats as [Seat, Seat];
    const ana = await register();
    await claim(game.gameId, 1, one, ana).expect(200);
    const text = (await app.http().get(`/games/${game.gameId}/export`).set(asOperator).buffer(true).parse(asText).expect(200)).body as string;
    expect(text).toContain('"SeatClaimed"');
    expect(text).toContain(NAME);
    expect(text).toContain(ana.playerId);
    expect(text).not.toContain(ana.secret);
    const imported = (await app.http().post('/games/import').set(asOperator).set('Content-Type', 'application/x-ndjson').send(text).expect(201)).body as {
      gameId: string;
      seats: Seat[];
    };
    expect((await seatsOf(imported.gameId))[0]).toMatchObject({ seat: 1, name: NAME });
    // A file proves no profile: the imported copy is not one of the profile's games.
    expect((await voyages(ana)).map((v) => v.gameId)).toEqual([game.gameId]);
    const figures = (await app.http().get(`/analytics/games/${imported.gameId}`).expect(200)).body as { seats: Seats };
    expect(figures.seats[0]).toMatchObject({ name: NAME });
    expect(figures.seats[0]?.playerId).toBeUndefined();
    // The imported game plays on.
    await endTurnOrChoose(app, imported.gameId, imported.seats[0] as Seat);
  });

  it('erasing the profile afterwards shows "erased player" at the claimed seat everywhere, and the game still replays', async () => {
    const game = await createGame(app, 'twin-sails', 2, 'sandbox');
    const [one] = game.seats as [Seat, Seat];
    const ana = await register();
    await endTurnOrChoose(app, game.gameId, one);
    const claimed = (await claim(game.gameId, 1, one, ana).expect(200)).body as { revision: number };
    await app.http().delete(`/players/${ana.playerId}`).set(secretOf(ana.secret)).expect(204);
    const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
    const everything = {
      board: text((await app.http().get(`/games/${game.gameId}`).set(bearer(one)).expect(200)).body),
      spectator: text((await app.http().get(`/games/${game.gameId}`).expect(200)).body),
      seek: text((await app.http().get(`/games/${game.gameId}?at=${claimed.revision}`).expect(200)).body),
      events: text((await app.http().get(`/games/${game.gameId}/events`).set(bearer(one)).expect(200)).body),
      analytics: text((await app.http().get(`/analytics/games/${game.gameId}`).expect(200)).body),
      export: text((await app.http().get(`/games/${game.gameId}/export`).set(asOperator).buffer(true).parse(asText).expect(200)).body),
    };
    for (const [what, text] of Object.entries(everything)) {
      expect({ what, named: text.includes(NAME), erased: text.includes('erased player') }).toEqual({ what, named: false, erased: true });
    }
    expect((await seatsOf(game.gameId))[0]).toEqual({ seat: 1, name: 'erased player', playerId: ana.playerId });
    await app.http().get(`/players/${ana.playerId}/games`).set(secretOf(ana.secret)).expect(410);
    // After a restart the log folds again to the same board, name erased.
    app = await app.restart();
    expect((await seatsOf(game.gameId))[0]).toEqual({ seat: 1, name: 'erased player', playerId: ana.playerId });
    await play(app, game.gameId, one, { type: 'Undo' });
  });
});
