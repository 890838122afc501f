// What the viewer's seat may do now. The server's `GET /games/:id/options` is the authority;
// until a server has it, the page offers the basic Navigation order, the end of the turn and
// the open response window, worked out from the board view, and lets the rules
// refuse what they refuse.
import { commandWords } from '@logbook/projections/history/words';
import { describeCommand } from './describe';
import { hexKey, neighbor } from './hex';
import type { BoardView, Command, Hex, LooseJson, PlayOption, ShipView } from './types';

const ENTERABLE = new Set(['sea', 'rough', 'port', 'shipwreck']);
const CARD_TYPES = ['weapon', 'spell', 'armor', 'item', 'ally', 'blessing'];

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

const option = (command: Command, group: PlayOption['group'], extra: Partial<PlayOption> = {}): PlayOption => ({
  command,
  label: describeCommand(command),
  group,
  ...extra,
});

/** Names and powers of the cards a view shows (newer servers list them beside the board). */
export const cardInfo = (view: BoardView, cardId: string): { name: string; reduce: number } => {
  const card = (view as { cards?: Record<string, LooseJson> }).cards?.[cardId];
  const name = typeof card?.name === 'string' ? card.name : cardId.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  const reduce = Number(card?.powers?.reduceStructuralDamage ?? 0);
  return { name, reduce };
};

/**
 * [S] a damage window: each card of the seat's hand may be played for its power (when it has one)
 * or discarded for 1; one card per button, as many presses as the seat likes.
 */
function reductions(view: BoardView, seat: number): PlayOption[] {
  const hand = view.characters.find((c) => c.seat === seat)?.hand ?? [];
  const result: PlayOption[] = [];
  for (const cardId of [...new Set(hand)]) {
    const { name, reduce } = cardInfo(view, cardId);
    if (reduce > 0) result.push({ command: { type: 'ReduceStructuralDamage', play: [cardId] }, label: `Play ${name} (−${reduce})`, group: 'response' });
    result.push({ command: { type: 'ReduceStructuralDamage', discard: [cardId] }, label: `Discard ${name} (−1)`, group: 'response' });
  }
  return result;
}

/** The basic options from the board view alone (no `/options` on this server yet). */
export function fallbackOptions(view: BoardView, seat: number | null): PlayOption[] {
  if (seat === null || view.status !== 'active') return [];
  const options: PlayOption[] = [];
  const pending = view.pending;
  if (pending) {
    if (pending.kind === 'structural-damage') {
      options.push(...reductions(view, seat));
      if (view.activeSeat === seat) options.push(option({ type: 'ResolveStructuralDamage' }, 'response'));
    } else if (pending.kind === 'plunder-choice' && view.activeSeat === seat) {
      for (const cardType of CARD_TYPES) options.push(option({ type: 'ChoosePlunderType', cardType }, 'response'));
    }
    return options;
  }
  if (view.activeSeat !== seat) return options;
  const ship = shipOf(view, seat);
  if (view.navigation && ship) {
    const ahead = aheadOf(view, ship);
    if (ahead.terrain === undefined) {
      options.push(option({ type: 'ExploreTile' }, 'navigation', { hex: ahead.hex, hiddenDependent: true }));
    } else if (ENTERABLE.has(ahead.terrain)) {
      options.push(option({ type: 'MoveShip' }, 'navigation', { hex: ahead.hex }));
    }
    options.push(option({ type: 'TurnShip', direction: 'ccw' }, 'navigation'));
    options.push(option({ type: 'TurnShip', direction: 'cw' }, 'navigation'));
    options.push(option({ type: 'EndNavigation' }, 'navigation'));
    return options;
  }
  if (view.ordersLeft > 0 && ship && !ship.wrecked) options.push(option({ type: 'StartNavigation' }, 'navigation'));
  options.push(option({ type: 'EndTurn' }, 'turn'));
  return options;
}

const COST_WORDS: Record<string, [string, string]> = {
  navigationPoints: ['navigation point', 'navigation points'],
  orders: ['order', 'orders'],
};

/** `{ navigationPoints: 1, orders: 1 }` → "1 order, 1 navigation point". */
export function costText(cost: unknown): string | undefined {
  if (cost === undefined || cost === null) return undefined;
  if (typeof cost !== 'object') return String(cost);
  const parts = Object.entries(cost as Record<string, unknown>)
    .filter(([, v]) => typeof v === 'number' && v > 0)
    .map(([k, v]) => {
      const [one, many] = COST_WORDS[k] ?? [k, k];
      return `${v} ${v === 1 ? one : many}`;
    });
  return parts.length ? parts.join(', ') : undefined;
}

const OPTION_FIELDS = ['cost', 'hidden', 'hiddenDependent', 'dependsOnHidden', 'uncertain', 'label', 'description'];


/**
 * The server's options, whatever their wrapping: a list (or `{ options | commands: [...] }`) of
 * commands, or of `{ command, cost?, hidden?… }`. Moves and explorations get their hex on the board.
 */
export function optionsFromEndpoint(body: unknown, view: BoardView, seat: number | null): PlayOption[] {
  const list: unknown[] = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as LooseJson).options ?? (body as LooseJson).commands ?? (body as LooseJson).legal ?? [])
      : [];
  const ship = shipOf(view, seat);
  const result: PlayOption[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const o = raw as Record<string, LooseJson>;
    const command = (o.command && typeof o.command === 'object' ? o.command : o) as Command;
    if (typeof command.type !== 'string') continue;
    // A bare command may carry the option's own fields beside its own: keep only the command's.
    const meta = o.command ? ['commandId'] : ['commandId', ...OPTION_FIELDS];
    const clean = Object.fromEntries(Object.entries(command).filter(([k]) => !meta.includes(k))) as Command;
    const hiddenDependent = Boolean(o.hiddenDependent ?? o.dependsOnHidden ?? o.hidden ?? o.uncertain);
    const cost = costText(o.cost);
    const hex =
      ship && (command.type === 'MoveShip' || command.type === 'ExploreTile') && view.navigation ? aheadOf(view, ship).hex : undefined;
    result.push({
      command: clean,
      label: typeof o.label === 'string' ? o.label : typeof o.description === 'string' ? o.description : describeCommand(clean),
      group: commandWords(command.type)?.group ?? 'other',
      hiddenDependent,
      ...(cost ? { cost } : {}),
      ...(hex ? { hex } : {}),
    });
  }
  return result;
}
