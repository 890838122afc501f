import type { ScenarioDefinition } from '../scenario';
import { given } from '../testing/decider-spec';
import { arrangedGame, eventsOfType, play, stateOf, wreck } from './testing/ship-kit';

// Ysolde (seat 1) and Tamsin (seat 2) are aboard the Gull at the harbour port (0,0), facing N
// onto open sea at (0,-1).
const party = (tweak?: (s: ScenarioDefinition) => void) => arrangedGame({ players: 2, tweak });
const sail = (events = party()) => play(events, { type: 'StartNavigation' });
const move = { type: 'MoveShip' } as const;
const entangled = (index: number) => (s: ScenarioDefinition) => (s.characters[index].conditions = ['Entangled']);

describe('commanding and moving ships', () => {
  it('[ship.commander] on its turn, a character aboard commands the ship — anchored or not', () => {
    const anchored = play(party(), { type: 'DropAnchor' });
    given(anchored)
      .when({ type: 'EngageShip', enemyShipId: 'lantern-1' }, { rolls: [5, 1, 0] })
      .then((events) => {
        expect(eventsOfType(events, 'ShipEncountered')[0].data).toMatchObject({ seat: 1, characterId: 'ysolde', shipId: 'gull' });
      });
  });

  it('[ship.move-with-commander] the others on the ship choose to move with the commander', () => {
    given(sail())
      .when(move)
      .then((events, after) => {
        expect(eventsOfType(events, 'ShipMoved')[0].data).toMatchObject({ carried: ['ysolde', 'tamsin'], leftBehind: [] });
        expect(after.characters.tamsin).toMatchObject({ shipId: 'gull', hex: { q: 0, r: -1 } });
      });
  });

  it('[ship.left-behind] a character that does not move with the ship is no longer on it, left where the move began', () => {
    const staying = play(party(), { type: 'SetFollowShip', follow: false }, { seat: 2 });
    given(sail(staying))
      .when(move)
      .then((events, after) => {
        expect(eventsOfType(events, 'ShipMoved')[0].data).toMatchObject({ carried: ['ysolde'], leftBehind: ['tamsin'] });
        expect(after.characters.tamsin).toMatchObject({ shipId: null, hex: { q: 0, r: 0 } });
      });
  });

  it('[ship.restrained-stay-behind] a character something prevents from moving cannot move with the commander', () => {
    given(sail(party(entangled(1))))
      .when(move)
      .then((events) => {
        expect(eventsOfType(events, 'ShipMoved')[0].data).toMatchObject({ carried: ['ysolde'], leftBehind: ['tamsin'] });
      });
  });

  it('[ship.commander-cannot-move] a commander something prevents from moving cannot move the ship', () => {
    given(sail(party(entangled(0))))
      .when(move)
      .thenRejects('ship.commander-cannot-move');
  });

  it('[wreck.moves-alone] others cannot choose to move with the commander of a wrecked ship', () => {
    given(sail([...party(), wreck()]))
      .when(move)
      .then((events) => {
        expect(eventsOfType(events, 'ShipMoved')[0].data).toMatchObject({ carried: ['ysolde'], leftBehind: ['tamsin'] });
      });
  });

  it('[ship.anchored] the commander may not move an anchored ship', () => {
    given(sail(play(party(), { type: 'DropAnchor' })))
      .when(move)
      .thenRejects('ship.anchored');
  });

  it('[ship.aboard] characters at other locations are not on the ship', () => {
    const ashore = party((s) => Object.assign(s.characters[1], { aboard: null, hex: { q: 0, r: 0 } }));
    given(sail(ashore))
      .when(move)
      .then((events, after) => {
        expect(eventsOfType(events, 'ShipMoved')[0].data).toMatchObject({ carried: ['ysolde'], leftBehind: [] });
        expect(after.characters.tamsin).toMatchObject({ shipId: null, hex: { q: 0, r: 0 } });
      });
  });

  describe("[ship.off-ship] a character that leaves the ship's location", () => {
    const ashore = () => play(party(), { type: 'Disembark' });

    it('is no longer on it or commanding it', () => {
      expect(stateOf(ashore()).characters.ysolde).toMatchObject({ shipId: null, hex: { q: 0, r: 0 } });
      given(ashore()).when({ type: 'StartNavigation' }).thenRejects('ship.not-commanding');
    });

    it('is not carried when another commander moves the ship', () => {
      const tamsinSails = play(play(ashore(), { type: 'EndTurn' }), { type: 'StartNavigation' }, { seat: 2 });
      given(tamsinSails)
        .when(move, { seat: 2 })
        .then((events) => {
          expect(eventsOfType(events, 'ShipMoved')[0].data).toMatchObject({ carried: ['tamsin'], leftBehind: [] });
        });
    });
  });

  describe('[ship.embark] embarking and disembarking (free actions)', () => {
    it('a character ashore embarks on a ship on its hex, and commands it', () => {
      const back = play(play(party(), { type: 'Disembark' }), { type: 'Embark', shipId: 'gull' });
      expect(stateOf(back).characters.ysolde.shipId).toBe('gull');
      expect(stateOf(back).turn?.ordersLeft).toBe(3);
      given(back)
        .when({ type: 'StartNavigation' })
        .then((_, after) => expect(after.navigation?.shipId).toBe('gull'));
    });

    it("[embark.not-here] needs the ship on the character's hex", () => {
      const staying = play(party(), { type: 'SetFollowShip', follow: false }, { seat: 2 });
      const moved = play(play(play(sail(staying), move), { type: 'EndNavigation' }), { type: 'EndTurn' });
      given(moved).when({ type: 'Embark', shipId: 'gull' }, { seat: 2 }).thenRejects('embark.not-here');
    });

    it('[embark.already-aboard] is for characters not aboard', () => {
      given(party()).when({ type: 'Embark', shipId: 'gull' }).thenRejects('embark.already-aboard');
    });

    it('[disembark.not-at-port] disembarking happens at a port', () => {
      const atSea = play(play(sail(), move), { type: 'EndNavigation' });
      given(atSea).when({ type: 'Disembark' }).thenRejects('disembark.not-at-port');
    });
  });

  describe('[ship.follow-choice] the choice to move with the commander', () => {
    const stay = { type: 'SetFollowShip', follow: false } as const;

    it("is any seat's, also on another seat's turn", () => {
      given(party())
        .when(stay, { seat: 2 })
        .then((_, after) => {
          expect(after.characters.tamsin.followShip).toBe(false);
        });
    });

    it('[follow.unchanged] refuses a choice that changes nothing, so it is never recorded', () => {
      given(party()).when({ type: 'SetFollowShip', follow: true }, { seat: 2 }).thenRejects('follow.unchanged');
      const staying = play(party(), stay, { seat: 2 });
      given(staying).when(stay, { seat: 2 }).thenRejects('follow.unchanged');
    });

    it('[navigation.order-in-progress] cannot be changed inside an open Navigation order', () => {
      given(sail()).when(stay, { seat: 2 }).thenRejects('navigation.order-in-progress');
      given(play(sail(), move)).when(stay, { seat: 1 }).thenRejects('navigation.order-in-progress');
    });

    it('may be changed again once the Navigation order has ended', () => {
      const ended = play(play(sail(), move), { type: 'EndNavigation' });
      given(ended)
        .when(stay, { seat: 2 })
        .then((_, after) => expect(after.characters.tamsin.followShip).toBe(false));
    });

    it('[pending.response-required] waits while a structural damage window is open', () => {
      // A failed check to defeat the Red Lantern: 1 + 2 against 7.
      const damaged = play(party(), { type: 'EngageShip', enemyShipId: 'lantern-1' }, { rolls: [1] });
      expect(stateOf(damaged).pending).toMatchObject({ kind: 'structural-damage' });
      given(damaged).when(stay, { seat: 2 }).thenRejects('pending.response-required');
    });

    it('[pending.response-required] waits while a plunder choice is pending', () => {
      // The Red Lantern defeated (5 + 2 against 7), then a 6 on the plunder table.
      const choosing = play(party(), { type: 'EngageShip', enemyShipId: 'lantern-1' }, { rolls: [5, 6] });
      expect(stateOf(choosing).pending).toMatchObject({ kind: 'plunder-choice' });
      given(choosing).when(stay, { seat: 2 }).thenRejects('pending.response-required');
    });
  });
});
