import { own } from '../own';
import { defined, known } from '../invariant';
import { coverTile } from '../board';
import type { Appliers } from '../appliers';
import { nodeIds } from '../nodes';
import type { CharacterState, PlayerShipState } from '../state';
import type { SetupEvent } from './setup.events';

export const setupAppliers: Appliers<SetupEvent> = {
  TileStackShuffled(state, event) {
    state.stack = [...defined(event.secret, 'the shuffled stack').data.stack];
  },
  GameCreated(state, event) {
    // The state owns its data: it starts from a copy of the scenario, never the event's arrays.
    const { data, secret } = structuredClone(event);
    const { scenario } = data;
    const hidden = defined(secret, 'the hidden setup').data;
    state.gameId = data.gameId;
    state.status = 'active';
    state.mode = data.mode;
    state.scenarioId = scenario.id;
    state.scenarioName = scenario.name;
    state.seats = data.seats;
    state.ordersPerTurn = scenario.ordersPerTurn;
    state.act = 1;
    state.clues = 0;
    state.clueGoal = scenario.clueGoal;
    state.actThresholds = scenario.actThresholds;
    state.blessings = { deck: scenario.blessings, discard: 0 };
    state.tileLibrary = Object.fromEntries([...scenario.tiles, ...hidden.unplacedTiles].map((t) => [t.tileId, t]));
    state.storms = scenario.storms;
    for (const placed of scenario.startingTiles) {
      coverTile(state, known(state.tileLibrary, placed.tileId), placed.anchor, placed.rotation);
    }
    state.stack = hidden.stack;
    state.box = hidden.box;
    state.shipCards = Object.fromEntries(scenario.shipCards.map((s) => [s.cardId, s]));
    state.cards = Object.fromEntries(scenario.cards.map((c) => [c.cardId, c]));
    state.altarCheck = scenario.altarCheck;
    state.enemyPool = scenario.enemyPool;
    state.enemyShipPool = [...scenario.enemyShipPool];
    for (const def of scenario.playerShips) {
      const card = known(state.shipCards, def.card);
      const ship: PlayerShipState = {
        shipId: def.shipId,
        cardId: card.cardId,
        name: card.name,
        class: card.class,
        hex: def.hex,
        facing: def.facing,
        wrecked: false,
        anchored: def.anchored ?? false,
        plunder: [],
        nodes: nodeIds(card.deck),
        crew: def.crew.map((c) => ({ ...c, traits: [...c.traits] })),
        enemiesOnDeck: [],
      };
      state.ships[ship.shipId] = ship;
    }
    for (const def of scenario.enemyShips) {
      const card = known(state.shipCards, def.card);
      state.enemyShips[def.enemyShipId] = {
        enemyShipId: def.enemyShipId,
        cardId: card.cardId,
        name: card.name,
        hex: def.hex,
        facing: def.facing ?? 0,
      };
    }
    const seatOf = new Map(data.seats.map((s) => [s.characterId, s.seat]));
    for (const def of scenario.characters) {
      const ship = def.aboard ? own(state.ships, def.aboard) : undefined;
      const character: CharacterState = {
        characterId: def.characterId,
        name: def.name,
        seat: seatOf.get(def.characterId) ?? null,
        skills: def.skills,
        feats: def.feats,
        deck: own(hidden.decks, def.characterId) ?? [],
        hand: [],
        discard: [],
        handSize: def.handSize,
        shipId: ship ? ship.shipId : null,
        hex: ship ? ship.hex : (def.hex ?? { q: 0, r: 0 }),
        followShip: true,
        conditions: def.conditions ?? [],
      };
      state.characters[character.characterId] = character;
    }
  },
};
