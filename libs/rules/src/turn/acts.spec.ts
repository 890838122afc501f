import type { GameEvent } from '../events';
import { given } from '../testing/decider-spec';
import type { ScenarioDefinition, TileDefinition } from '../scenario';
import { atSea, explore, play, stackTile, start, type SeaOptions } from '../navigation/testing/sea-kit';

/** The ship on the north rim of a small disc, about to explore `tile`; act 2 at 4 clues, act 3 at 8, goal 12. */
const discovering = (tile: TileDefinition, tweak?: (s: ScenarioDefinition) => void, options: SeaOptions = {}) =>
  play(atSea({ radius: 1, ship: { hex: { q: 0, r: -1 } }, stack: [tile], tweak, ...options }), start);
const acts = (events: GameEvent[]) => events.filter((e) => e.type === 'ActAdvanced');
/** Marks hexes of the starting open sea as enemy-ship spawn hexes. */
const spawnAt =
  (...keys: string[]) =>
  (s: ScenarioDefinition) => {
    for (const h of s.tiles[0].hexes) if (keys.includes(`${h.q},${h.r}`)) h.enemyShipSpawn = true;
  };

describe('[D §10] acts and clues', () => {
  it('stay in act 1 below the act 2 threshold', () => {
    given(discovering(stackTile('misty', 1, 3)))
      .when(explore())
      .then((events, after) => {
        expect(acts(events)).toEqual([]);
        expect(after).toMatchObject({ act: 1, clues: 3 });
      });
  });

  it('advance to act 2 when the clue total reaches its threshold', () => {
    given(discovering(stackTile('misty', 1, 4)))
      .when(explore())
      .then((events, after) => {
        expect(acts(events)).toEqual([{ type: 'ActAdvanced', data: { from: 1, to: 2, clues: 4, spawned: [] } }]);
        expect(after.act).toBe(2);
      });
  });

  it('advance twice when one find crosses both thresholds', () => {
    given(discovering(stackTile('misty', 1, 9)))
      .when(explore())
      .then((events, after) => {
        expect(acts(events).map((e) => e.data)).toEqual([
          { from: 1, to: 2, clues: 9, spawned: [] },
          { from: 2, to: 3, clues: 9, spawned: [] },
        ]);
        expect(after.act).toBe(3);
      });
  });

  describe('when an act ends, enemy ships spawn', () => {
    it('on every discovered, unoccupied spawn hex, drawn from the enemy ship pool (the draw is recorded)', () => {
      const tweak = spawnAt('1,0', '-1,1', '0,-1');
      given(discovering(stackTile('misty', 1, 4), tweak))
        .when(explore())
        .then((events, after) => {
          const [advanced] = acts(events) as Array<Extract<GameEvent, { type: 'ActAdvanced' }>>;
          // (0,-1) holds the gull: occupied, so no spawn there.
          expect(advanced.data.spawned.map((s) => s.hex)).toEqual([
            { q: -1, r: 1 },
            { q: 1, r: 0 },
          ]);
          expect(advanced.data.spawned.map((s) => s.cardId).sort()).toEqual(['iron-widow', 'red-lantern']);
          expect(Object.values(after.enemyShips).map((s) => s.hex)).toEqual([
            { q: -1, r: 1 },
            { q: 1, r: 0 },
          ]);
          expect(after.enemyShipPool).toEqual([]);
        });
    });

    it('on a spawn hex of the tile just explored: it is discovered before the act ends', () => {
      const tile = stackTile('cove', 1, 4);
      tile.hexes[2].enemyShipSpawn = true; // (0,-2) of the tile, (0,-4) on the board
      given(discovering(tile))
        .when(explore(0))
        .then((events) => expect((acts(events)[0].data as { spawned: unknown[] }).spawned).toEqual([expect.objectContaining({ hex: { q: 0, r: -4 } })]));
    });

    it('not on spawn hexes still under the unplaced stack', () => {
      const later = stackTile('later', 2, 3);
      later.hexes[0].enemyShipSpawn = true;
      given(
        discovering(stackTile('misty', 1, 4), (s) => {
          s.tiles.push(later);
          s.stack.push('later');
        }),
      )
        .when(explore())
        .then((events) => expect(acts(events)[0].data).toMatchObject({ spawned: [] }));
    });

    it('[D] no more than the pool holds', () => {
      given(
        discovering(stackTile('misty', 1, 4), (s) => {
          spawnAt('1,0', '-1,1')(s);
          s.enemyShipPool = ['red-lantern'];
        }),
      )
        .when(explore())
        .then((events) => expect((acts(events)[0].data as { spawned: unknown[] }).spawned).toHaveLength(1));
    });
  });

  describe('[D §1] the clue goal', () => {
    it('reaching it wins the scenario at once', () => {
      given(discovering(stackTile('crown', 1, 12)))
        .when(explore())
        .then((events, after) => {
          expect(events.at(-1)).toEqual({ type: 'ScenarioWon', data: { clues: 12, clueGoal: 12, round: 1 } });
          expect(acts(events)).toEqual([]);
          expect(after.status).toBe('won');
        });
    });

    it('nothing may happen after the win', () => {
      const won = play(discovering(stackTile('crown', 1, 12)), explore());
      given(won).when({ type: 'EndNavigation' }, { seat: 1 }).thenRejects('game.over');
    });
  });
});
