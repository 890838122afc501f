// What the viewer's seat may do now: the server's `GET /games/:id/options` answer, as buttons
// (and, for a move or an exploration, as the hex ahead of the ship on the board).
import { commandWords } from '@logbook/projections/history/words';
import type { CommandCost } from '@logbook/api-client';
import { hexKey, neighbor } from './hex';
import type { BoardView, GameOptions, Hex, PlayOption, ShipView } from './types';

/** The seat whose hand the view shows, while the game runs: that is the viewer's own seat. */
export function viewerSeat(view: BoardView): number | null {
  if (view.status === 'won' || view.status === 'lost') return null;
  const own = view.characters.find((c) => Array.isArray(c.hand) && c.seat !== null);
  return own ? own.seat : null;
}

/** The ship an order of `seat` concerns: the one under navigation, else the one its character is aboard. */
export function shipOf(view: BoardView, seat: number | null): ShipView | undefined {
  const navigation = view.navigation;
  if (navigation) return view.ships.find((s) => s.shipId === navigation.shipId);
  const character = view.characters.find((c) => c.seat === seat);
  return view.ships.find((s) => s.shipId === character?.shipId) ?? view.ships.find((s) => !s.wrecked);
}

/** The hex a ship faces, and what lies there. */
export function aheadOf(view: BoardView, ship: ShipView): { hex: Hex; terrain?: string } {
  const hex = neighbor(ship.hex, ship.facing);
  const key = hexKey(hex);
  for (const tile of view.tiles) for (const h of tile.hexes) if (hexKey(h) === key) return { hex, terrain: h.terrain };
  return { hex };
}

/** A card's name, from the cards the view lists beside the board. */
export const cardName = (view: BoardView, cardId: string): string => view.cards[cardId]?.name ?? cardId;

const COST_WORDS: Record<keyof CommandCost, [string, string]> = {
  navigationPoints: ['navigation point', 'navigation points'],
  orders: ['order', 'orders'],
};

const COST_KEYS = Object.keys(COST_WORDS) as Array<keyof CommandCost>;

/** `{ navigationPoints: 1, orders: 1 }` → "1 navigation point, 1 order". */
export function costText(cost: CommandCost): string | undefined {
  const parts = COST_KEYS.flatMap((key) => {
    const v = cost[key];
    if (v === undefined || v <= 0) return [];
    const [one, many] = COST_WORDS[key];
    return [`${v} ${v === 1 ? one : many}`];
  });
  return parts.length ? parts.join(', ') : undefined;
}

/** The server's options as buttons; moves and explorations also get their hex on the board. */
export function optionsFromEndpoint(body: GameOptions, view: BoardView, seat: number | null): PlayOption[] {
  const ship = shipOf(view, seat);
  const ahead = ship && view.navigation ? aheadOf(view, ship).hex : undefined;
  return body.options.map(({ command, cost, dependsOnHidden, label }) => {
    const text = costText(cost);
    const hex = command.type === 'MoveShip' || command.type === 'ExploreTile' ? ahead : undefined;
    return {
      command,
      label,
      group: commandWords(command.type)?.group ?? 'other',
      hiddenDependent: dependsOnHidden === true,
      ...(text ? { cost: text } : {}),
      ...(hex ? { hex } : {}),
    };
  });
}
