// [D] Forks: a new game that starts from another game's board at a revision and plays on
// independently. In `standard` mode a fork of a game that still hides something deals again
// everything hidden, so it cannot be used to scout the source: the unplaced tiles are shuffled
// within each act (the grouping by act is public), every character's hand goes back into its
// deck and the deck is shuffled and as many cards drawn again, and each plunder card under a ship
// is drawn again from the box among the cards of its type. [D] Hands too, because a fork's board
// is shown whole once the fork is over, at every revision: a hand kept from the source would show
// the source's hands to everyone then (and, while it runs, to whoever holds that seat in the fork).
// Whether to deal again is the server's call (`ForkInput.reshuffle`): not when nothing is hidden
// any more, nor for a sandbox game's copy made by an operator or by its only seat.
import { ensure } from '../errors';
import type { GameEvent } from '../events';
import { deepFreeze } from '../freeze';
import { defined, known } from '../invariant';
import { shuffle, type Rng } from '../random';
import { cloneState, type GameState } from '../state';
import type { CarriedNote } from '../notes/notes.events';
import type { ForkedBoard } from './fork.events';

export interface ForkInput {
  gameId: string;
  source: { gameId: string; revision: number };
  /** New names for the seats, in seat order; the seats keep their characters. */
  players?: Array<{ name: string }>;
  /** Deal the hidden parts again (the server asks for it in `standard` mode while the source runs). */
  reshuffle: boolean;
  /** The source's notes the fork keeps (those on revisions up to the fork's), already chosen by the caller. */
  notes?: readonly CarriedNote[];
}

export function decideFork(source: GameState, input: ForkInput, rng: Rng): GameEvent[] {
  ensure(source.status === 'active', 'fork.not-playing', `A fork starts from a game in play; at revision ${input.source.revision} it is ${source.status}`);
  ensure(
    input.players === undefined || input.players.length === source.seats.length,
    'fork.seat-count',
    `A fork keeps the game's ${source.seats.length} seat(s): name as many players or none`,
  );
  const state = cloneState(source);
  state.gameId = input.gameId;
  const players = input.players;
  // [D] New players are whoever the forker names: no seat of theirs is a source player's profile.
  if (players) state.seats = state.seats.map(({ playerId: _profile, ...seat }, i) => ({ ...seat, name: players[i]?.name ?? seat.name }));
  if (input.reshuffle) dealHiddenAgain(state, rng);
  const event: GameEvent = {
    type: 'GameForked',
    data: {
      gameId: input.gameId,
      source: { ...input.source },
      mode: state.mode,
      seats: state.seats.map((s) => ({ ...s })),
      reshuffled: input.reshuffle,
      board: publicBoard(state),
      ...(input.notes?.length
        ? { notes: input.notes.map((n) => ({ noteId: n.noteId, by: n.by, text: n.text, from: { gameId: n.from.gameId, revision: n.from.revision } })) }
        : {}),
    },
    secret: { visibleTo: [], sealed: true, data: { state } },
  };
  return [deepFreeze(event)];
}

/** The board as every seat sees it: nothing from the stack, the decks, the hands, the box or the plunder. */
export function publicBoard(state: GameState): ForkedBoard {
  return {
    scenario: { id: state.scenarioId, name: state.scenarioName, clueGoal: state.clueGoal },
    round: state.round,
    act: state.act,
    clues: state.clues,
    storms: state.storms.map((h) => ({ q: h.q, r: h.r })),
    covered: Object.values(state.hexes).map((h) => ({ q: h.q, r: h.r, tileId: h.tileId })),
    ships: Object.values(state.ships).map((ship) => ({ shipId: ship.shipId, hex: { q: ship.hex.q, r: ship.hex.r } })),
  };
}

/** Deals again, in place, what some seat does not know: the stack within each act, hands and decks, plunder identities. */
function dealHiddenAgain(state: GameState, rng: Rng): void {
  // [N] the stack is grouped by act and that grouping shows on the tiles' backs: keep each place's act.
  const actOf = (tileId: string): number => state.tileLibrary[tileId]?.act ?? 0;
  const byAct = new Map<number, string[]>();
  for (const tileId of state.stack) byAct.set(actOf(tileId), [...(byAct.get(actOf(tileId)) ?? []), tileId]);
  for (const [act, tiles] of [...byAct.entries()].sort(([a], [b]) => a - b)) byAct.set(act, shuffle(rng, tiles));
  state.stack = state.stack.map((tileId) => defined(byAct.get(actOf(tileId))?.shift(), `a tile of act ${actOf(tileId)}`));

  // A hand is hidden from the other seats: back into the deck, shuffled, the same count drawn.
  for (const character of Object.keys(state.characters)
    .sort()
    .map((id) => known(state.characters, id))) {
    const cards = shuffle(rng, [...character.hand, ...character.deck]);
    character.hand = cards.slice(0, character.hand.length);
    character.deck = cards.slice(character.hand.length);
  }

  // [S] a plunder card is a random card of its type from the box, unseen: draw it again.
  for (const ship of Object.keys(state.ships)
    .sort()
    .map((id) => known(state.ships, id))) {
    ship.plunder = ship.plunder.map((cardId) => {
      const type = state.cards[cardId]?.type;
      if (!type) return cardId;
      const pool = [...state.box[type], cardId];
      const [drawn] = pool.splice(pool.length <= 1 ? 0 : rng.int(0, pool.length - 1), 1);
      state.box[type] = pool;
      return drawn ?? cardId;
    });
  }
}
