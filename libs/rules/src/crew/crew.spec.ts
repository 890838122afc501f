import { foldEvents } from '../evolve';
import { given } from '../testing/decider-spec';
import { LOOKOUT, NAVIGATOR, atSea, end, explore, move, play, stackTile, start } from '../navigation/testing/sea-kit';
import type { GameCommand } from '../commands';

const moveCrew = (crewId: string, node: string): GameCommand => ({ type: 'MoveCrew', crewId, node });
const dropAnchor: GameCommand = { type: 'DropAnchor' };
const weighAnchor: GameCommand = { type: 'WeighAnchor' };

describe('[D] Crew orders', () => {
  describe('moving a crew member', () => {
    it('moves one crew member to a free node of the ship’s deck', () => {
      given(atSea())
        .when(moveCrew('pell', 'navigation-2'))
        .then([{ type: 'CrewMoved', data: { shipId: 'gull', crewId: 'pell', from: 'crows-nest', to: 'navigation-2' } }]);
    });

    it('changes what the next Navigation order yields ([N] one point per crew on a Navigation Node)', () => {
      given(play(atSea(), moveCrew('pell', 'navigation-2')))
        .when(start)
        .then((events) => expect(events[0]).toMatchObject({ data: { points: 3 } }));
    });

    it('is a standard order: it uses one of the turn’s orders and closes the repair window', () => {
      given(atSea())
        .when(moveCrew('pell', 'blank-1'))
        .then((_events, after) => expect(after.turn).toMatchObject({ ordersLeft: 2, repairAvailable: false }));
    });

    it('refuses a node another crew member mans', () => {
      given(atSea()).when(moveCrew('pell', 'navigation-1')).thenRejects('crew.node-occupied');
    });

    it('refuses a node an enemy holds', () => {
      const spec = given(atSea());
      spec.state.ships.gull.enemiesOnDeck.push({ enemyId: 'enemy-1', kind: 'drowned-sailor', name: 'Drowned Sailor', check: { steps: [] }, node: 'blank-1' });
      spec.when(moveCrew('pell', 'blank-1')).thenRejects('crew.node-occupied');
    });

    it('refuses a node the ship’s deck does not have', () => {
      given(atSea()).when(moveCrew('pell', 'navigation-3')).thenRejects('crew.unknown-node');
    });

    it('refuses a crew member who is not aboard the commanded ship', () => {
      given(atSea()).when(moveCrew('nobody', 'blank-1')).thenRejects('crew.unknown-crew');
    });

    it('[N] leaving the Crow’s Nest empty takes away the lookout', () => {
      const scenario = atSea({ radius: 1, ship: { hex: { q: 0, r: -1 }, crew: [NAVIGATOR, LOOKOUT] }, stack: [stackTile('misty', 1, 1)] });
      given(play(scenario, moveCrew('pell', 'blank-1'), start))
        .when(explore())
        .thenRejects('explore.no-lookout');
    });
  });

  describe('dropping and weighing anchor', () => {
    it('drops anchor: the ship can no longer be moved', () => {
      const anchored = play(atSea(), dropAnchor);
      expect(anchored.at(-1)).toEqual({ type: 'AnchorDropped', data: { shipId: 'gull' } });
      expect(foldEvents(anchored).ships.gull.anchored).toBe(true);
      given(play(anchored, start)).when(move).thenRejects('ship.anchored');
    });

    it('weighs anchor: the ship sails again', () => {
      const weighed = play(atSea({ ship: { anchored: true } }), weighAnchor, start);
      given(weighed)
        .when(move)
        .then((events) => expect(events[0].type).toBe('ShipMoved'));
    });

    it('refuses to drop an anchor already down, or weigh one not down', () => {
      given(atSea({ ship: { anchored: true } }))
        .when(dropAnchor)
        .thenRejects('ship.already-anchored');
      given(atSea()).when(weighAnchor).thenRejects('ship.not-anchored');
    });
  });

  it('needs an order left this turn', () => {
    const spent = play(atSea(), start, end, start, end, start, end);
    given(spent).when(dropAnchor).thenRejects('turn.no-orders-left');
  });

  it('belongs to the active seat', () => {
    given(atSea({}, { players: 2 }))
      .when(dropAnchor, { seat: 2 })
      .thenRejects('turn.not-your-turn');
  });
});
