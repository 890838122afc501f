// Hints: what the greedy bot would do now for a seat, computed from what that seat may see only.
// The property: a state and the same state with every hidden part dealt otherwise (the stack's
// order within each act, decks, the other seats' hands, the face-down plunder among the cards of
// its type) give the same hint. States are taken along seeded greedy games, bounded by count.
import { builtInScenario } from '@logbook/content';
import { applyEvent, initialState, seededRng, shuffle, type GameState, type Rng } from '@logbook/rules';
import { hintFor, seatStandIn } from './hint';
import { simulateGame } from './simulate';

/** The states after every `every`th action of a seeded greedy game. */
function statesAlong(seed: number, every: number): GameState[] {
  const game = simulateGame({ scenario: builtInScenario('first-voyage')!, players: 3, bot: 'greedy', seed, index: 0, maxActions: 400 });
  const state = initialState();
  const states: GameState[] = [];
  game.actions.forEach((action, i) => {
    for (const event of action.events) applyEvent(state, event);
    if (i % every === 0 && state.status === 'active') states.push(structuredClone(state));
  });
  return states;
}

/** `state` with everything `seat` cannot see dealt again at random. */
function dealtOtherwise(state: GameState, seat: number, rng: Rng): GameState {
  const other = structuredClone(state);
  const actOf = (tileId: string): number => other.tileLibrary[tileId]?.act ?? 0;
  const acts = [...new Set(other.stack.map(actOf))];
  const byAct = new Map(
    acts.map((act) => [
      act,
      shuffle(
        rng,
        other.stack.filter((t) => actOf(t) === act),
      ),
    ]),
  );
  other.stack = other.stack.map((t) => byAct.get(actOf(t))!.shift()!);
  for (const character of Object.values(other.characters)) {
    if (character.seat !== seat) {
      const pool = shuffle(rng, [...character.hand, ...character.deck]);
      character.hand = pool.slice(0, character.hand.length);
      character.deck = pool.slice(character.hand.length);
    } else character.deck = shuffle(rng, character.deck);
  }
  const typeOf = (cardId: string) => other.cards[cardId]?.type;
  for (const ship of Object.values(other.ships)) {
    ship.plunder = ship.plunder.map((cardId) => {
      const type = typeOf(cardId)!;
      const box = other.box[type];
      const at = rng.int(0, box.length);
      if (at === box.length) return cardId;
      const swapped = box[at]!;
      box[at] = cardId;
      return swapped;
    });
  }
  return other;
}

describe('a hint', () => {
  const states = [...statesAlong(3, 7), ...statesAlong(8, 11)];
  const rng = seededRng(99);

  it('is found along whole games (the seat to act gets one)', () => {
    expect(states.length).toBeGreaterThan(20);
    for (const state of states) expect(hintFor(state, state.turn!.seat)).not.toBeNull();
  });

  it('never differs between two games that differ only in what the seat cannot see (each seat, 3 deals per state)', () => {
    let compared = 0;
    for (const state of states) {
      for (const { seat } of state.seats) {
        const hint = hintFor(state, seat);
        for (let deal = 0; deal < 3; deal++) {
          expect(hintFor(dealtOtherwise(state, seat, rng), seat)).toEqual(hint);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('is worked out on a stand-in that is the same for every deal of the hidden parts', () => {
    for (const state of states.slice(0, 10)) {
      const seat = state.turn!.seat;
      expect(seatStandIn(dealtOtherwise(state, seat, rng), seat)).toEqual(seatStandIn(state, seat));
    }
  });

  it('says what to send and why, in words', () => {
    const hint = hintFor(states[0]!, states[0]!.turn!.seat)!;
    expect(hint.command.type).toEqual(expect.any(String));
    expect(hint.why.length).toBeGreaterThan(10);
  });

  it('is none for a game that is over', () => {
    const over = structuredClone(states[0]!);
    over.status = 'lost';
    expect(hintFor(over, 1)).toBeNull();
  });
});
