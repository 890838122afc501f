// A hint: what the greedy bot would do now for a seat, and why. It is worked out on a stand-in
// of the game in which everything the seat cannot see is put in one canonical arrangement, so
// no hidden order or identity can tip the answer: two games that differ only in what the seat
// cannot see give the same hint.
import { cloneState, seededRng, waitingFor, type GameState, type PlayCommand } from '@logbook/rules';
import { greedyReasoned, newGreedyMemory } from './greedy';
import { legalFor } from './simulate';

export interface Hint {
  command: PlayCommand;
  /** Why, in words. */
  why: string;
}

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `state` as `seat` may know it: the tile stack in order of act then id (the acts of the tiles
 * left show on their backs, their order does not), every deck sorted, the other characters'
 * hands shuffled back into their decks (their sizes aside, nothing of them is known), and the
 * face-down plunder under each ship replaced, type for type (the type of each stash is public),
 * by the first cards of that type from the box and the plunder together, the rest back in the box.
 */
export function seatStandIn(state: GameState, seat: number): GameState {
  const stand = cloneState(state);
  const actOf = (tileId: string): number => stand.tileLibrary[tileId]?.act ?? 0;
  stand.stack.sort((a, b) => actOf(a) - actOf(b) || byId(a, b));
  for (const character of Object.values(stand.characters)) {
    if (character.seat !== seat) {
      character.deck.push(...character.hand);
      character.hand = [];
    }
    character.deck.sort(byId);
  }
  const typeOf = (cardId: string): string => stand.cards[cardId]?.type ?? '';
  const pool = new Map<string, string[]>();
  const pooled = (type: string): string[] => {
    let cards = pool.get(type);
    if (!cards) pool.set(type, (cards = []));
    return cards;
  };
  for (const [type, cards] of Object.entries(stand.box)) pooled(type).push(...cards);
  const ships = Object.values(stand.ships).sort((a, b) => byId(a.shipId, b.shipId));
  for (const ship of ships) for (const cardId of ship.plunder) pooled(typeOf(cardId)).push(cardId);
  for (const cards of pool.values()) cards.sort(byId);
  for (const ship of ships) ship.plunder = ship.plunder.map((cardId) => pooled(typeOf(cardId)).shift() ?? cardId);
  for (const type of Object.keys(stand.box) as Array<keyof GameState['box']>) stand.box[type] = pooled(type);
  return stand;
}

/**
 * The greedy bot's choice for `seat` now, worked out on the seat's stand-in; null when the game
 * does not wait for that seat (not its turn, no window it may answer) or is over.
 */
export function hintFor(state: GameState, seat: number): Hint | null {
  const waiting = waitingFor(state);
  const answers = waiting.kind === 'structural-damage' ? waiting.respondents.includes(seat) : waiting.kind !== 'nothing' && waiting.seat === seat;
  if (!answers) return null;
  const stand = seatStandIn(state, seat);
  let listed: PlayCommand[] | undefined;
  const turn = {
    state: stand,
    seat,
    rng: seededRng(0),
    played: 0,
    get legal() {
      return (listed ??= legalFor(stand, seat));
    },
  };
  const choice = greedyReasoned(turn, newGreedyMemory());
  // Another seat's damage window: a seat that may only help is advised only when it can.
  if (waiting.kind === 'structural-damage' && waiting.resolvedBy !== seat && choice.command.type !== 'ReduceStructuralDamage') return null;
  return { command: choice.command, why: choice.why };
}
