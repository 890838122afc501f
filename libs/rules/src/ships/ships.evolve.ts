import { known } from '../invariant';
import type { Appliers } from '../appliers';
import { nodeIds } from '../nodes';
import type { ShipEvent } from './ships.events';

export const shipAppliers: Appliers<ShipEvent> = {
  ShipEncountered() {
    // The check and its outcome follow as their own events.
  },
  ShipDefeated(state, { data }) {
    delete state.enemyShips[data.enemyShipId];
    // [D] unless seized, a defeated ship goes back where it came from: the scenario's pool.
    if (data.outcome === 'returned-to-pool') state.enemyShipPool.push(data.cardId);
  },
  ShipBanished(state, { data }) {
    delete state.enemyShips[data.enemyShipId];
  },
  ShipSeized(state, { data }) {
    const ship = known(state.ships, data.shipId);
    const card = known(state.shipCards, data.toCardId);
    // Same hex, facing, anchored and plunder: only the card (and so its deck of nodes) changes.
    ship.cardId = card.cardId;
    ship.name = card.name;
    ship.class = card.class;
    ship.wrecked = false;
    ship.nodes = nodeIds(card.deck);
    // [D] crew come across, keeping their node where the new deck has it; enemies On Deck go with the old ship.
    for (const crew of ship.crew) if (crew.node !== null && !ship.nodes.includes(crew.node)) crew.node = null;
    ship.enemiesOnDeck = [];
  },
};
