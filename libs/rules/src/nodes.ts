// [N] a ship's deck holds Navigation Nodes, one Crow's Nest Node, Artillery Nodes and blank
// nodes; [D] each node holds one crew member or one enemy. Node ids are derived from the deck.
import type { ShipDeckDefinition } from './scenario';
import type { PlayerShipState } from './state';

export type NodeZone = 'navigation' | 'crows-nest' | 'artillery' | 'blank';
export const CROWS_NEST = 'crows-nest';

const numbered = (zone: NodeZone, count: number): string[] => Array.from({ length: count }, (_, i) => `${zone}-${i + 1}`);

export const nodeIds = (deck: ShipDeckDefinition): string[] => [
  ...numbered('navigation', deck.navigation),
  CROWS_NEST,
  ...numbered('artillery', deck.artillery),
  ...numbered('blank', deck.blank),
];

export const nodeZone = (nodeId: string): NodeZone | undefined => {
  if (nodeId === CROWS_NEST) return 'crows-nest';
  const zone = nodeId.replace(/-\d+$/, '');
  return zone === 'navigation' || zone === 'artillery' || zone === 'blank' ? zone : undefined;
};

export const crewInZone = (ship: PlayerShipState, zone: NodeZone) => ship.crew.filter((c) => c.node !== null && nodeZone(c.node) === zone);

/** A node is free when no crew member and no enemy is on it. */
export const isNodeFree = (ship: PlayerShipState, nodeId: string): boolean =>
  !ship.crew.some((c) => c.node === nodeId) && !ship.enemiesOnDeck.some((e) => e.node === nodeId);
