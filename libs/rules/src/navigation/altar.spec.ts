// [N] "if a player's ship enters any space on a Map Tile where there is an unpurged Altar, an Enemy
// spawns On Deck of that ship", wired to enemies/enemies.spawn.ts.
import type { GameEvent } from '../events';
import type { Facing } from '../hex';
import { given } from '../testing/decider-spec';
import { LOOKOUT, NAVIGATOR, atSea, ccw, explore, move, play, stackTile, start } from './testing/sea-kit';

const threePoints = [NAVIGATOR, { ...NAVIGATOR, crewId: 'ash', node: 'navigation-2' }, LOOKOUT];
/** Open sea (radius 3) with a shrine tile north of it: (0,-4) and (-1,-4) are its water, (0,-5) its altar. */
const nearShrine = (hex = { q: 0, r: -3 }, facing: Facing = 0) =>
  atSea({
    ship: { hex, facing, crew: threePoints },
    stack: [stackTile('misty', 1, 1)],
    tweak: (s) => {
      s.tiles.push(stackTile('shrine', 1, 2, { '0,-1': 'altar' }));
      s.startingTiles.push({ tileId: 'shrine', anchor: { q: 0, r: -4 }, rotation: 0 });
    },
  });
const spawns = (events: GameEvent[]) => events.filter((e) => e.type === 'EnemySpawned');

describe('[N] entering a map tile with an unpurged altar', () => {
  it('spawns an enemy On Deck of the ship', () => {
    given(play(nearShrine(), start))
      .when(move)
      .then((events, after) => {
        expect(spawns(events)).toEqual([expect.objectContaining({ data: expect.objectContaining({ shipId: 'gull' }) })]);
        expect(after.ships.gull.enemiesOnDeck).toHaveLength(1);
      });
  });

  it('spawns again for every hex of that tile entered', () => {
    const events = play(nearShrine(), start, move, ccw, move);
    expect(spawns(events)).toHaveLength(2);
  });

  it('spawns nothing when the ship sails onto a tile without an altar', () => {
    given(play(nearShrine({ q: 0, r: -4 }, 3), start))
      .when(move)
      .then((events) => expect(events.map((e) => e.type)).toEqual(['ShipMoved']));
  });

  it('spawns nothing once the altar is purged', () => {
    const spec = given(play(nearShrine(), start));
    spec.state.purgedAltars.push('0,-5');
    spec.when(move).then((events) => expect(spawns(events)).toEqual([]));
  });

  it('spawns nothing for turning or exploring on that tile: the ship enters no hex', () => {
    const onShrine = play(nearShrine({ q: -1, r: -4 }), start);
    given(onShrine)
      .when(ccw)
      .then((events) => expect(spawns(events)).toEqual([]));
    // Facing NW from (-1,-4): (-2,-4) lies beyond both tiles.
    given(play(onShrine, ccw))
      .when(explore())
      .then((events) => expect(spawns(events)).toEqual([]));
  });

  it('spawns on every entry inside a whole planned order too', () => {
    given(nearShrine())
      .when({ type: 'Navigate', steps: [{ action: 'move' }, { action: 'turn', direction: 'ccw' }, { action: 'move' }] })
      .then((events) => expect(spawns(events)).toHaveLength(2));
  });
});
