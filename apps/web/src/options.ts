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

/** The last step of a plan when it is an explore, else the command itself when it is one. */
const exploreOf = (command: PlayOption['command']): { rotation?: number } | undefined => {
  if (command.type === 'ExploreTile') return command;
  if (command.type === 'Navigate') {
    const last = command.steps[command.steps.length - 1];
    return last?.action === 'explore' ? last : undefined;
  }
  return undefined;
};

/** The same command but for an explore's rotation, to group an explore's rotations under one. */
const withoutRotation = (command: PlayOption['command']): string => JSON.stringify(command, (key, value: unknown) => (key === 'rotation' ? undefined : value));

/**
 * One option per choice a player can make. An explore's tile is the hidden next one of the stack,
 * so naming its rotation is a choice made blind: the page offers the explore that lets the rules
 * place the tile the first way it fits, and the named rotations only when that one is not listed.
 */
export function distinctChoices<T extends { command: PlayOption['command'] }>(options: T[]): T[] {
  const unnamed = new Set(options.filter((o) => exploreOf(o.command)?.rotation === undefined && exploreOf(o.command)).map((o) => withoutRotation(o.command)));
  const seen = new Set<string>();
  return options.filter((o) => {
    const explore = exploreOf(o.command);
    if (!explore || explore.rotation === undefined) return true;
    const key = withoutRotation(o.command);
    if (unnamed.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the `?` on an option means, on hover and to a screen reader. */
export const hiddenReason = (option: PlayOption): string =>
  option.command.type === 'ExploreTile' || option.command.type === 'Navigate'
    ? 'may be refused: whether the next map tile fits is hidden until it is drawn'
    : 'may be refused: whether it succeeds depends on something hidden';

const hexWords = (hex: Hex): string => `(${hex.q}, ${hex.r})`;

/** The server's options as buttons; moves and explorations also get their hex on the board. */
export function optionsFromEndpoint(body: GameOptions, view: BoardView, seat: number | null): PlayOption[] {
  const ship = shipOf(view, seat);
  const ahead = ship && view.navigation ? aheadOf(view, ship).hex : undefined;
  return distinctChoices(body.options).map(({ command, cost, dependsOnHidden, label }) => {
    const text = costText(cost);
    const hex = command.type === 'MoveShip' || command.type === 'ExploreTile' ? ahead : undefined;
    return {
      command,
      // Where a move goes is what tells it apart on the board and to a screen reader.
      label: hex && command.type === 'MoveShip' ? `${label} to ${hexWords(hex)}` : label,
      group: commandWords(command.type)?.group ?? 'other',
      hiddenDependent: dependsOnHidden === true,
      ...(text ? { cost: text } : {}),
      ...(hex ? { hex } : {}),
    };
  });
}
