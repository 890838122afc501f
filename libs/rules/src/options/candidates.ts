// Every command a seat could send now: each command table's `candidates`, in the table's order.
import type { CandidateContext, CommandSpec } from '../command-spec';
import type { GameCommand } from '../commands';
import { COMMAND_SPECS } from '../decide';
import type { GameState } from '../state';

const SPECS = Object.values(COMMAND_SPECS) as Array<CommandSpec<GameCommand>>;

/** The candidates for `seat`; `wide` adds ids of other seats' ships and made-up ones (for tests). */
export function candidateCommands(state: GameState, seat: number, wide = false): GameCommand[] {
  const seatState = state.seats.find((s) => s.seat === seat);
  const character = seatState ? state.characters[seatState.characterId] : undefined;
  const own = character?.shipId ? state.ships[character.shipId] : undefined;
  const context: CandidateContext = { state, seat, character, own, ships: wide ? Object.values(state.ships) : own ? [own] : [], wide };
  const out: GameCommand[] = [];
  for (const spec of SPECS) for (const command of spec.candidates(context)) out.push(command);
  return out;
}
