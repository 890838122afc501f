import { foldEvents } from '../evolve';
import { LOOKOUT, NAVIGATOR, atSea, play, stackTile, start } from '../navigation/testing/sea-kit';
import type { TileDefinition } from '../scenario';
import { historyTable } from '../history/testing/history-table';
import { sea } from '../navigation/testing/sea-kit';
import { legalCommands } from './legal-commands';

const types = (state: Parameters<typeof legalCommands>[0], seat: number) => legalCommands(state, seat).map((o) => o.command.type);

// A cove between two arms of the disc: a tile of the flower shape fits there at no rotation; a
// one-hex tile fits anywhere. Which one is next is hidden.
const cove = (next: TileDefinition) =>
  foldEvents(
    play(
      atSea({
        radius: 2,
        ship: { hex: { q: 0, r: 0 }, facing: 0, crew: [NAVIGATOR, LOOKOUT] },
        tweak: (s) => {
          s.tiles[0].hexes = s.tiles[0].hexes.filter((h) => !(h.q === 0 && h.r === -1));
        },
        stack: [next],
      }),
      start,
    ),
  );

describe('legalCommands', () => {
  it('lists the navigation actions of an open order with their costs', () => {
    const options = legalCommands(cove(stackTile('misty', 1, 2)), 1);
    expect(options).toContainEqual({ command: { type: 'TurnShip', direction: 'cw' }, cost: { navigationPoints: 1 } });
    expect(options).toContainEqual({ command: { type: 'EndNavigation' }, cost: {} });
    expect(options.map((o) => o.command.type)).not.toContain('EndTurn');
  });

  it('lists explore whether or not the next tile fits, marked as depending on hidden information', () => {
    const fits = legalCommands(cove({ tileId: 'dot', act: 1, clues: 1, hexes: [{ q: 0, r: 0, terrain: 'sea' }] }), 1);
    const doesNot = legalCommands(cove(stackTile('misty', 1, 2)), 1);
    expect(fits).toEqual(doesNot);
    const explores = fits.filter((o) => o.command.type === 'ExploreTile');
    expect(explores).toHaveLength(7);
    for (const option of explores) expect(option).toMatchObject({ dependsOnHidden: true, cost: { navigationPoints: 1 } });
  });

  it('lists an order with the order slot it uses, and nothing for a spectator or another seat out of turn', () => {
    const table = historyTable(sea({ ship: { crew: [NAVIGATOR, LOOKOUT] } }), { players: 2 });
    const options = legalCommands(table.history.state, 1, { history: table.history });
    expect(options).toContainEqual({ command: { type: 'StartNavigation' }, cost: { orders: 1 } });
    expect(options).toContainEqual({ command: { type: 'Navigate', steps: [{ action: 'turn', direction: 'cw' }] }, cost: { orders: 1, navigationPoints: 1 } });
    expect(types(table.history.state, 9)).toEqual([]);
    // Only the choice that changes something (follow.unchanged refuses the other).
    expect(types(table.history.state, 2)).toEqual(['SetFollowShip']);
  });

  it('lists Undo and Redo when the seat may send them', () => {
    const table = historyTable(sea({ ship: { crew: [NAVIGATOR, LOOKOUT] } }), { players: 2 });
    table.send(1, { type: 'StartNavigation' });
    const undoable = (seat: number) => legalCommands(table.history.state, seat, { history: table.history }).map((o) => o.command.type);
    expect(undoable(1)).toContain('Undo');
    expect(undoable(2)).not.toContain('Undo');
    table.send(1, { type: 'Undo' });
    expect(undoable(1)).toContain('Redo');
    expect(undoable(1)).not.toContain('Undo');
  });
});
