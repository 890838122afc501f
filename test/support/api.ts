// A small client for the game API, so specs read as play, not as HTTP plumbing.
import type { TestApp } from './app';
import type { Response } from 'superagent';

export interface Seat {
  seat: number;
  name: string;
  token: string;
}

let commandSeq = 0;
export const nextCommandId = (): string => `cmd-${process.pid}-${++commandSeq}`;

export async function createGame(app: TestApp, scenario: unknown = 'first-voyage', players = 1, mode?: string) {
  const res = await app
    .http()
    .post('/games')
    .send({ scenario, players: Array.from({ length: players }, (_, i) => ({ name: `Player ${i + 1}` })), ...(mode ? { mode } : {}) })
    .expect(201);
  return res.body as { gameId: string; revision: number; seats: Seat[] };
}

export const send = (app: TestApp, gameId: string, seat: Seat | null, command: Record<string, unknown>) => {
  const req = app.http().post(`/games/${gameId}/commands`);
  if (seat) req.set('Authorization', `Bearer ${seat.token}`);
  return req.send({ commandId: nextCommandId(), ...command });
};

/** Sends a command that must be accepted; returns the response body. */
export async function play(app: TestApp, gameId: string, seat: Seat, command: Record<string, unknown>) {
  const res = await send(app, gameId, seat, command);
  if (res.status !== 200) throw new Error(`${String(command.type)} answered ${res.status}: ${JSON.stringify(res.body)}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body; the assertions that read it check its shape
  return res.body as { revision: number; events: Array<{ revision: number; type: string; data: any; secret?: any }> };
}

export async function view(app: TestApp, gameId: string, seat?: Seat) {
  const req = app.http().get(`/games/${gameId}`);
  if (seat) req.set('Authorization', `Bearer ${seat.token}`);
  const res = await req.expect(200);
  return res.body;
}

/** A supertest parser that keeps a streamed body (an export's JSON lines, an SVG) as text: `.buffer(true).parse(asText)`. */
export const asText = (res: Response, done: (error: Error | null, body: string) => void): void => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => done(null, text));
};

/** A move the seat may always send on a running game: the plunder choice it waits for, else ending the turn. */
export async function endTurnOrChoose(app: TestApp, gameId: string, seat: Seat) {
  const board = await view(app, gameId, seat);
  return play(app, gameId, seat, board.pending?.kind === 'plunder-choice' ? { type: 'ChoosePlunderType', cardType: 'weapon' } : { type: 'EndTurn' });
}

/** A one-seat game of the first voyage whose turns are ended until the clock runs out: a lost game. */
export async function lostGame(app: TestApp) {
  const game = await createGame(app, 'first-voyage', 1);
  const one = game.seats[0] as Seat;
  for (let i = 0; i < 80 && (await view(app, game.gameId, one)).status === 'active'; i++) await endTurnOrChoose(app, game.gameId, one);
  return { ...game, one };
}
