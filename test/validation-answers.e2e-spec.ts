import { createGame, nextCommandId, view } from './support/api';
import { startApp, type TestApp } from './support/app';

describe('what a refused body is told', () => {
  let app: TestApp;
  beforeAll(async () => (app = await startApp()));
  afterAll(() => app.dispose());

  it('a misspelt field is only unknown, with the name it most likely meant', async () => {
    const res = await app
      .http()
      .post('/games')
      .send({ scenario: 'first-voyage', players: [{ nmae: 'Ana' }] })
      .expect(400);
    expect(res.body.errors).toEqual(['players.0.nmae is not a known field: did you mean name?']);
  });

  it('a field far from every known one lists the known fields', async () => {
    const res = await app
      .http()
      .post('/games')
      .send({ scenario: 'first-voyage', players: [{ name: 'Ana' }], colour: 'red' })
      .expect(400);
    expect(res.body.errors).toEqual(['colour is not a known field (known fields: scenario, players, mode)']);
  });

  it('a field that breaks several rules is told the first, what it must be', async () => {
    const res = await app
      .http()
      .post('/games')
      .send({ scenario: 'first-voyage', players: [{ name: 42 }] })
      .expect(400);
    expect(res.body.errors).toEqual(['players.0.name must be a string']);
  });

  it('a command body gets the same answers, and nothing is recorded', async () => {
    const game = await createGame(app);
    const before = (await view(app, game.gameId)).revision;
    const typo = await app
      .http()
      .post(`/games/${game.gameId}/commands`)
      .set('Authorization', `Bearer ${game.seats[0].token}`)
      .send({ commandId: nextCommandId(), type: 'TurnShip', dirction: 'cw' })
      .expect(400);
    expect(typo.body.errors).toEqual(['dirction: dirction is not a known field: did you mean direction?']);
    const wrong = await app
      .http()
      .post(`/games/${game.gameId}/commands`)
      .set('Authorization', `Bearer ${game.seats[0].token}`)
      .send({ commandId: nextCommandId(), type: 'ExploreTile', rotation: 'north' })
      .expect(400);
    expect(wrong.body.errors).toEqual(['rotation: rotation must be an integer number']);
    expect((await view(app, game.gameId)).revision).toBe(before);
  });

  it('a seat token sent without "Bearer" is told how the header is written', async () => {
    const game = await createGame(app);
    const res = await app.http().get(`/games/${game.gameId}`).set('Authorization', game.seats[0].token).expect(403);
    expect(res.body.detail).toBe('The Authorization header is written "Bearer <seat token>": the word Bearer, a space, then the token');
    const wrong = await app
      .http()
      .get(`/games/${game.gameId}`)
      .set('Authorization', `Bearer ${'x'.repeat(43)}`)
      .expect(403);
    expect(wrong.body.detail).toBe('That token is not a seat of this game');
  });
});
