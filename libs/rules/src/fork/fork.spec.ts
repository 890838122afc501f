import { foldEvents } from '../evolve';
import { RuleViolation } from '../errors';
import { seededRng } from '../random';
import { redactEvent } from '../view';
import { playRandomGame } from '../testing/random-play';
import { decideFork, type ForkInput } from './fork.decide';
import type { GameForked } from './fork.events';
import type { SeatState } from '../state';

const input = (reshuffle: boolean, extra: Partial<ForkInput> = {}): ForkInput => ({
  gameId: 'fork-1',
  source: { gameId: 'source-1', revision: 10 },
  reshuffle,
  ...extra,
});
const sorted = (items: readonly string[]) => [...items].sort();

describe('a fork', () => {
  const source = playRandomGame('twin-sails', { seed: 3, players: 2, commands: 60 }).state;

  it('starts from the source board under its own id, naming where it came from (not dealt again: every hidden part kept)', () => {
    const [event] = decideFork(source, input(false), seededRng(1));
    expect(event.type).toBe('GameForked');
    expect(event.data).toMatchObject({ gameId: 'fork-1', source: { gameId: 'source-1', revision: 10 }, reshuffled: false });
    expect(event.secret).toMatchObject({ visibleTo: [], sealed: true });
    expect(foldEvents([event])).toEqual({ ...source, gameId: 'fork-1' });
  });

  it('[fork.deal-again] deals again what is hidden: the same tiles per act, the same deck cards, plunder of the same types', () => {
    const [event] = decideFork(source, input(true), seededRng(2));
    const fork = foldEvents([event]);
    const acts = (stack: string[]) => stack.map((id) => source.tileLibrary[id].act);
    expect(acts(fork.stack)).toEqual(acts(source.stack));
    expect(sorted(fork.stack)).toEqual(sorted(source.stack));
    // Hands too: each went back into its deck, and as many cards were drawn again.
    for (const id of Object.keys(source.characters)) {
      const held = (s: typeof source) => sorted([...s.characters[id].deck, ...s.characters[id].hand]);
      expect(held(fork)).toEqual(held(source));
      expect(fork.characters[id].hand).toHaveLength(source.characters[id].hand.length);
    }
    for (const id of Object.keys(source.ships)) {
      expect(fork.ships[id].plunder.map((c) => source.cards[c].type)).toEqual(source.ships[id].plunder.map((c) => source.cards[c].type));
    }
    const everything = (s: typeof source) => sorted([...Object.values(s.box).flat(), ...Object.values(s.ships).flatMap((x) => x.plunder)]);
    expect(everything(fork)).toEqual(everything(source));
    // The public board is the same.
    const { stack: _a, characters: _b, ships: _c, box: _d, gameId: _e, ...publicFork } = fork;
    const { stack: _f, characters: _g, ships: _h, box: _i, gameId: _j, ...publicSource } = source;
    expect(publicFork).toEqual(publicSource);
  });

  it('does not keep the stack order across seeds (a fork cannot scout the next tile)', () => {
    const orders = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => foldEvents(decideFork(source, input(true), seededRng(seed))).stack.join()));
    expect(orders.size).toBeGreaterThan(1);
  });

  it("[fork.deal-again] deals every hand again, so no hand of the fork is its source's (a fork cannot show another seat's hand)", () => {
    const characters = Object.values(source.characters);
    expect(characters.every((c) => c.hand.length > 0 && c.deck.length > 0)).toBe(true);
    const hands = (seed: number) => {
      const fork = foldEvents(decideFork(source, input(true), seededRng(seed)));
      return characters.map((c) => sorted(fork.characters[c.characterId].hand).join());
    };
    const sourceHands = characters.map((c) => sorted(c.hand).join());
    // A fixed seed keeps this deterministic: with seed 2 every character is dealt a hand other than its own.
    hands(2).forEach((hand, i) => expect(hand).not.toEqual(sourceHands[i]));
    for (const [i] of characters.entries()) {
      expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => hands(seed)[i])).size).toBeGreaterThan(1);
    }
  });

  it('[fork.seat-count] renames the seats when players are given, and must name each seat', () => {
    const [event] = decideFork(source, input(false, { players: [{ name: 'Zed' }, { name: 'Yan' }] }), seededRng(1));
    expect((event as GameForked).data.seats.map((s) => s.name)).toEqual(['Zed', 'Yan']);
    expect(() => decideFork(source, input(false, { players: [{ name: 'Zed' }] }), seededRng(1))).toThrow(RuleViolation);
  });

  it('names new players free of the profiles the source seats were taken with; a fork naming none keeps them', () => {
    const linked = { ...source, seats: source.seats.map((s) => (s.seat === 1 ? { ...s, playerId: 'p-ana' } : s)) };
    // The seats as recorded (the board's seats, profile and all: SeatState).
    const profiles = (event: GameForked) => (event.data.seats as SeatState[]).map((s) => s.playerId);
    const renamed = decideFork(linked, input(false, { players: [{ name: 'Zed' }, { name: 'Yan' }] }), seededRng(1))[0] as GameForked;
    expect(profiles(renamed)).toEqual([undefined, undefined]);
    expect(renamed.data.seats[0]).not.toHaveProperty('playerId');
    const kept = decideFork(linked, input(false), seededRng(1))[0] as GameForked;
    expect(profiles(kept)).toEqual(['p-ana', undefined]);
  });

  it("keeps its starting board hidden from every seat, even once the fork is over (it holds the source's secrets)", () => {
    const [event] = decideFork(source, input(true), seededRng(1));
    for (const status of ['active', 'won', 'lost'] as const) {
      for (const viewer of [null, 1, 2]) expect(redactEvent(event, viewer, status).secret).toBeUndefined();
    }
  });

  it('shows in the clear what every seat sees of its starting board (scenario, clock, placed tiles, storms, ships) and nothing hidden', () => {
    const [event] = decideFork(source, input(true), seededRng(1));
    const board = (event as GameForked).data.board!;
    expect(board).toEqual({
      scenario: { id: 'twin-sails', name: source.scenarioName, clueGoal: source.clueGoal },
      round: source.round,
      act: source.act,
      clues: source.clues,
      storms: source.storms,
      covered: Object.values(source.hexes).map((h) => ({ q: h.q, r: h.r, tileId: h.tileId })),
      ships: Object.values(source.ships).map((s) => ({ shipId: s.shipId, hex: s.hex })),
    });
    // The tiles it names are placed ones only; no unplaced tile, deck card or plunder card shows.
    const placed = new Set(source.tiles.map((t) => t.tileId));
    for (const { tileId } of board.covered) expect(placed.has(tileId)).toBe(true);
    const text = JSON.stringify(event.data);
    expect(source.stack.length).toBeGreaterThan(0);
    for (const tileId of source.stack) expect(text).not.toContain(tileId);
    for (const ship of Object.values(source.ships)) for (const card of ship.plunder) expect(text).not.toContain(`"${card}"`);
  });

  it('[fork.not-playing] is refused from a board that is not in play', () => {
    expect(() => decideFork({ ...source, status: 'lost' }, input(false), seededRng(1))).toThrow(expect.objectContaining({ rule: 'fork.not-playing' }));
  });
});
