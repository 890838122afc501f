import { foldEvents, redactEvent, type GameState } from '@logbook/rules';
import { setupEvents } from '@logbook/rules/testing/fixtures';
import { boardView } from './board-view';

const twoSeatGame = (): GameState => foldEvents(setupEvents(undefined, { players: 2 }));

describe('the board view', () => {
  it('shows a seat its own hand and only the count of the other seat’s hand', () => {
    const state = twoSeatGame();
    const view = boardView(state, 5, 1);
    const [own, other] = view.characters;
    expect(own.seat).toBe(1);
    expect(own.hand).toEqual(state.characters[own.characterId].hand);
    expect(own.hand!.length).toBeGreaterThan(0);
    expect(other.hand).toBeUndefined();
    expect(other.handCount).toBe(state.characters[other.characterId].hand.length);
  });

  it('shows a spectator no hand at all', () => {
    const view = boardView(twoSeatGame(), 5, null);
    expect(view.characters.length).toBeGreaterThan(0);
    for (const character of view.characters) expect(character.hand).toBeUndefined();
  });

  it('shows plunder under every ship only as a count while the scenario runs', () => {
    const state = twoSeatGame();
    for (const viewer of [null, 1, 2]) {
      const view = boardView(state, 5, viewer);
      for (const ship of view.ships) {
        expect(ship.plunder).toEqual({ count: state.ships[ship.shipId].plunder.length });
      }
    }
  });

  it('never carries the unplaced stack, the box or deck order', () => {
    const state = twoSeatGame();
    const json = JSON.stringify(boardView(state, 5, 1));
    for (const tileId of state.stack) expect(json).not.toContain(`"${tileId}"`);
    expect(json).not.toContain('"box"');
    expect(json).not.toMatch(/"deck":\[/);
  });

  it('reveals plunder and hands once the scenario is over', () => {
    const state = twoSeatGame();
    state.status = 'lost';
    const view = boardView(state, 5, null);
    expect(view.ships[0].plunder.cards).toEqual(state.ships[view.ships[0].shipId].plunder);
    expect(view.characters[0].hand).toEqual(state.characters[view.characters[0].characterId].hand);
  });
});

describe('event redaction', () => {
  const [created] = setupEvents();

  it('strips the secret part for a spectator and for seats it does not name', () => {
    expect(redactEvent(created, null, 'active')).not.toHaveProperty('secret');
    expect(redactEvent(created, 1, 'active')).not.toHaveProperty('secret');
  });

  it('keeps everything once the scenario is over', () => {
    expect(redactEvent(created, null, 'won')).toHaveProperty('secret');
  });
});
