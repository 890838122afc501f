// A plain-minded crew for browser specs: each turn one Navigation order that explores when it can,
// else sails ahead, else turns; answers any response window; then ends the turn. With the test
// app's seeded random source the same calls always give the same game.
import { send, type Seat } from '../../support/api';
import type { TestApp } from '../../support/app';

const accepted = async (app: TestApp, gameId: string, seat: Seat, command: Record<string, unknown>) => (await send(app, gameId, seat, command)).status === 200;

async function board(app: TestApp, gameId: string) {
  return (await app.http().get(`/games/${gameId}`).expect(200)).body;
}

/** Thrown (and caught by `sail`) to stop at the first response window when asked to. */
class WindowOpened extends Error {}

async function answerWindows(app: TestApp, gameId: string, seats: Seat[], stopAtWindow = false) {
  for (let i = 0; i < 10; i++) {
    const view = await board(app, gameId);
    if (!view.pending) return;
    if (stopAtWindow) throw new WindowOpened();
    const active = seats.find((s) => s.seat === view.activeSeat)!;
    if (view.pending.kind === 'structural-damage') await accepted(app, gameId, active, { type: 'ResolveStructuralDamage' });
    else await accepted(app, gameId, active, { type: 'ChoosePlunderType', cardType: 'item' });
  }
}

/**
 * Plays `turns` whole turns; stops early if the game ends, or (with `stopAtWindow`) as soon as a
 * response window opens, leaving it open: then it answers true.
 */
export async function sail(app: TestApp, gameId: string, seats: Seat[], turns: number, { stopAtWindow = false } = {}): Promise<boolean> {
  try {
    await voyage(app, gameId, seats, turns, stopAtWindow);
    return false;
  } catch (error) {
    if (error instanceof WindowOpened) return true;
    throw error;
  }
}

async function voyage(app: TestApp, gameId: string, seats: Seat[], turns: number, stopAtWindow: boolean): Promise<void> {
  const answer = () => answerWindows(app, gameId, seats, stopAtWindow);
  for (let t = 0; t < turns; t++) {
    const view = await board(app, gameId);
    if (view.status !== 'active') return;
    const seat = seats.find((s) => s.seat === view.activeSeat)!;
    if (await accepted(app, gameId, seat, { type: 'StartNavigation' })) {
      for (let step = 0; step < 4; step++) {
        await answer();
        const now = await board(app, gameId);
        if (!now.navigation || now.navigation.pointsLeft <= 0) break;
        if (await accepted(app, gameId, seat, { type: 'ExploreTile' })) continue;
        if (await accepted(app, gameId, seat, { type: 'MoveShip' })) continue;
        if (!(await accepted(app, gameId, seat, { type: 'TurnShip', direction: step % 2 ? 'ccw' : 'cw' }))) break;
      }
      await answer();
      if ((await board(app, gameId)).navigation) await accepted(app, gameId, seat, { type: 'EndNavigation' });
    }
    await answer();
    await accepted(app, gameId, seat, { type: 'EndTurn' });
    await answer();
  }
}
