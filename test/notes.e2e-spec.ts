// Notes on moments over HTTP: a note on a revision shows there (notes, timeline, export), leaves
// every board as it was, survives a fork up to its revision and an export and import, follows the
// policy of who may write one, and bad input changes nothing.
import fc from 'fast-check';
import { asText, createGame, lostGame as lostGameOf, play, send, view, type Seat } from './support/api';
import { startApp, type TestApp } from './support/app';
import { useOperatorToken } from './support/env';

const OPERATOR = 'operator-token-for-the-e2e-tests';
const asOperator = { Authorization: `Bearer ${OPERATOR}` };
const bearer = (seat: Seat) => ({ Authorization: `Bearer ${seat.token}` });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read by field
type Json = Record<string, any>;

let noteSeq = 0;

describe('notes on moments', () => {
  let app: TestApp;

  useOperatorToken(OPERATOR);
  afterAll(() => {
    delete process.env.LOGBOOK_PUBLIC_NOTES;
  });
  beforeEach(async () => {
    delete process.env.LOGBOOK_PUBLIC_NOTES;
    app = await startApp();
  });
  afterEach(() => app.dispose());

  const postNote = (gameId: string, body: Json, headers: Record<string, string> = {}) => app.http().post(`/games/${gameId}/notes`).set(headers).send(body);
  const note = (gameId: string, at: number, text: string, headers: Record<string, string>) =>
    postNote(gameId, { commandId: `note-${process.pid}-${++noteSeq}`, at, text }, headers);
  const notesOf = async (gameId: string, at?: number) =>
    (
      await app
        .http()
        .get(`/games/${gameId}/notes${at === undefined ? '' : `?at=${at}`}`)
        .expect(200)
    ).body.notes as Json[];
  const boardAt = async (gameId: string, at: number, seat?: Seat) => {
    const req = app.http().get(`/games/${gameId}?at=${at}`);
    if (seat) req.set(bearer(seat));
    return (await req.expect(200)).body as Json;
  };
  const exportLines = async (gameId: string, headers: Record<string, string>) => {
    const res = await app.http().get(`/games/${gameId}/export`).set(headers).buffer(true).parse(asText).expect(200);
    return (res.body as string)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
  };

  /** One seat of first-voyage; with the seeded dice its actions end at revisions 6, 10, 11 and 12. */
  async function gameAt12() {
    const game = await createGame(app, 'first-voyage', 1);
    const [one] = game.seats;
    await play(app, game.gameId, one, { type: 'EndTurn' });
    await play(app, game.gameId, one, { type: 'StartNavigation' });
    const { revision } = await play(app, game.gameId, one, { type: 'EndNavigation' });
    expect(revision).toBe(12);
    return { ...game, one };
  }

  /** Ends the turn until the clock runs out: a lost game. */
  async function lostGame() {
    const game = await lostGameOf(app);
    expect((await view(app, game.gameId)).status).toBe('lost');
    return game;
  }

  it('a note on revision 12 shows at ?at=12, in the timeline and in the export, and leaves every board as it was', async () => {
    const game = await gameAt12();
    const before = await boardAt(game.gameId, 12, game.one);
    const res = await note(game.gameId, 12, '  Storm ahead: hold the course  ', bearer(game.one)).expect(200);
    expect(res.body.events).toEqual([
      expect.objectContaining({ revision: 13, type: 'NoteAdded', data: { noteId: expect.any(String), at: 12, by: 1, text: 'Storm ahead: hold the course' } }),
    ]);
    // Play on, so the note lies behind later moves in the log.
    await play(app, game.gameId, game.one, { type: 'EndTurn' });

    expect(await notesOf(game.gameId, 12)).toEqual([
      expect.objectContaining({ at: 12, by: 1, author: 'Player 1', text: 'Storm ahead: hold the course', writtenAt: 13 }),
    ]);
    expect(await notesOf(game.gameId, 10)).toEqual([]);
    const timeline = (await app.http().get(`/games/${game.gameId}/timeline`).expect(200)).body;
    expect(timeline.notes).toEqual([expect.objectContaining({ at: 12, text: 'Storm ahead: hold the course' })]);
    expect(JSON.stringify(timeline.rounds)).not.toContain('Storm ahead');

    // The board at 12 is the same board with the note appended later; so is the note's own revision.
    expect(await boardAt(game.gameId, 12, game.one)).toEqual(before);
    expect({ ...(await boardAt(game.gameId, 13, game.one)), revision: 12 }).toEqual(before);

    for (const headers of [bearer(game.one), asOperator, {}]) {
      const lines = await exportLines(game.gameId, headers);
      expect(lines.filter((l) => l.type === 'NoteAdded')).toEqual([
        expect.objectContaining({ revision: 13, data: expect.objectContaining({ at: 12, text: 'Storm ahead: hold the course' }), seat: 1 }),
      ]);
    }
  });

  it('is never what an undo takes back: the undo takes the last action before it', async () => {
    const game = await gameAt12();
    const at11 = await boardAt(game.gameId, 11, game.one);
    await note(game.gameId, 12, 'Before the undo', bearer(game.one)).expect(200);
    const undone = await play(app, game.gameId, game.one, { type: 'Undo' });
    expect(undone.events[0].data).toMatchObject({ seat: 1 });
    expect({ ...(await view(app, game.gameId, game.one)), revision: 11, undo: null, redo: null }).toEqual({ ...at11, undo: null, redo: null });
    expect(await notesOf(game.gameId, 12)).toHaveLength(1);
  });

  it('a fork at 10 drops the note on 12, a fork at 12 keeps it (shown at the fork’s start, naming where it was written)', async () => {
    const game = await gameAt12();
    await note(game.gameId, 12, 'Twelve', bearer(game.one)).expect(200);
    await note(game.gameId, 6, 'Six', bearer(game.one)).expect(200);
    const at10 = (await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: 10 }).expect(201)).body;
    const at12 = (await app.http().post(`/games/${game.gameId}/fork`).set(bearer(game.one)).send({ at: 12 }).expect(201)).body;
    expect((await notesOf(at10.gameId)).map((n) => n.text)).toEqual(['Six']);
    expect(await notesOf(at12.gameId)).toEqual([
      expect.objectContaining({ at: 0, text: 'Six', from: { gameId: game.gameId, revision: 6 } }),
      expect.objectContaining({ at: 0, text: 'Twelve', from: { gameId: game.gameId, revision: 12 } }),
    ]);
    // A fork of the fork carries them on, with where they were first written.
    const again = (await app.http().post(`/games/${at12.gameId}/fork`).set(asOperator).send({ at: 0 }).expect(201)).body;
    expect((await notesOf(again.gameId)).map((n) => [n.text, n.from])).toEqual([
      ['Six', { gameId: game.gameId, revision: 6 }],
      ['Twelve', { gameId: game.gameId, revision: 12 }],
    ]);
  });

  it('goes into a whole export and comes back with its import', async () => {
    const game = await gameAt12();
    await note(game.gameId, 12, 'Exported', bearer(game.one)).expect(200);
    await note(game.gameId, 3, 'By the operator', asOperator).expect(200);
    const lines = await exportLines(game.gameId, asOperator);
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    const imported = (
      await app
        .http()
        .post('/games/import')
        .set({ 'Content-Type': 'application/x-ndjson', ...asOperator })
        .send(text)
        .expect(201)
    ).body;
    expect((await notesOf(imported.gameId)).map((n) => [n.at, n.by, n.text])).toEqual([
      [3, 'operator', 'By the operator'],
      [12, 1, 'Exported'],
    ]);
    // A file whose note another server would refuse is refused here too, and nothing is written.
    const tampered = lines.map((l) =>
      l.type === 'NoteAdded' ? { ...l, data: { ...l.data, text: 'bad\u202etext' }, command: { ...l.command, text: 'bad\u202etext' } } : l,
    );
    await app
      .http()
      .post('/games/import')
      .set({ 'Content-Type': 'application/x-ndjson', ...asOperator })
      .send(tampered.map((l) => JSON.stringify(l)).join('\n'))
      .expect(400);
  });

  describe('who may write one', () => {
    it('a seat or the operator on a running game; without a token a 401, with another game’s token a 403', async () => {
      const game = await gameAt12();
      const other = await createGame(app, 'first-voyage', 1);
      await note(game.gameId, 1, 'No token', {}).expect(401);
      await note(game.gameId, 1, 'Wrong token', bearer(other.seats[0])).expect(403);
      expect((await note(game.gameId, 1, 'Operator', asOperator).expect(200)).body.events[0].data.by).toBe('operator');
      expect((await notesOf(game.gameId)).map((n) => n.text)).toEqual(['Operator']);
    });

    it('nobody without a token on a finished game unless the operator allows it (LOGBOOK_PUBLIC_NOTES=on)', async () => {
      const game = await lostGame();
      await note(game.gameId, 5, 'A spectator', {}).expect(401);
      await note(game.gameId, 5, 'The seat, after the end', bearer(game.one)).expect(200);
      await app.close();
      process.env.LOGBOOK_PUBLIC_NOTES = 'on';
      app = await app.restart();
      const running = await gameAt12();
      await note(running.gameId, 5, 'A spectator, in play', {}).expect(401);
      expect((await note(game.gameId, 5, 'A spectator', {}).expect(200)).body.events[0].data.by).toBe('spectator');
      expect((await notesOf(game.gameId, 5)).map((n) => [n.author, n.text])).toEqual([
        ['Player 1', 'The seat, after the end'],
        ['a spectator', 'A spectator'],
      ]);
    });
  });

  describe('bad input changes nothing', () => {
    it('400 for a malformed body, 422 note.no-such-revision for a revision the game has not had', async () => {
      const game = await gameAt12();
      const bad: Json[] = [
        { at: 1, text: 'no commandId' },
        { commandId: 'n1', text: 'no at' },
        { commandId: 'n1', at: 1 },
        { commandId: 'n1', at: -1, text: 'negative' },
        { commandId: 'n1', at: 1.5, text: 'not whole' },
        { commandId: 'n1', at: '1', text: 'a string' },
        { commandId: 'n1', at: 1, text: '   ' },
        { commandId: 'n1', at: 1, text: 'line\nbreak' },
        { commandId: 'n1', at: 1, text: 'bidi \u202e override' },
        { commandId: 'n1', at: 1, text: 'x'.repeat(501) },
        { commandId: 'n1', at: 1, text: 42 },
        { commandId: 'n1', at: 1, text: 'extra', seat: 2 },
      ];
      for (const body of bad) {
        const res = await postNote(game.gameId, body, bearer(game.one));
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      }
      const beyond = await note(game.gameId, 13, 'The future', bearer(game.one)).expect(422);
      expect(beyond.body.rule).toBe('note.no-such-revision');
      await note(game.gameId, 0, 'x'.repeat(500), bearer(game.one)).expect(200);
      expect((await view(app, game.gameId)).revision).toBe(13);
      expect(await notesOf(game.gameId)).toHaveLength(1);
    });

    it('never answers 5xx to a hostile body, and no refused one adds a note', async () => {
      const game = await gameAt12();
      const value = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.integer(),
        fc.double(),
        fc.constantFrom(null, true, [], {}, '\u0000', '\u202e', ' ', 'x'.repeat(600), -1, 13, 12, 2 ** 60),
      );
      const body = fc.record({ commandId: fc.oneof(value, fc.constantFrom('n-fuzz')), at: value, text: value, extra: value }, { requiredKeys: [] });
      const accepted = new Set<unknown>();
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (b, seated) => {
          const before = (await view(app, game.gameId)).revision as number;
          const res = await postNote(game.gameId, b, seated ? bearer(game.one) : {});
          expect([200, 400, 401, 409, 422]).toContain(res.status);
          const added = res.status === 200 && !accepted.has(b.commandId);
          if (res.status === 200) accepted.add(b.commandId);
          expect((await view(app, game.gameId)).revision).toBe(before + (added ? 1 : 0));
        }),
        { numRuns: 150, seed: 22 },
      );
      expect(await notesOf(game.gameId)).toHaveLength(accepted.size);
    });

    it('is idempotent by commandId: the same note again answers the same, another note under that id is a 409', async () => {
      const game = await gameAt12();
      const body = { commandId: 'note-once', at: 12, text: 'Once' };
      const first = await postNote(game.gameId, body, bearer(game.one)).expect(200);
      const again = await postNote(game.gameId, body, bearer(game.one)).expect(200);
      expect(again.body).toEqual(first.body);
      await postNote(game.gameId, { ...body, text: 'Twice' }, bearer(game.one)).expect(409);
      await send(app, game.gameId, game.one, { commandId: 'note-once', type: 'EndTurn' }).expect(409);
      expect(await notesOf(game.gameId)).toHaveLength(1);
    });
  });
});
