// One line of plain English per action, for the timeline. Built only from what everyone may
// see: the command body the seat sent (never a secret) and the public `data` of its events.
// An event's `secret` part is never read here.
import type { GameEvent } from '@logbook/rules';
import { historyChange, type IndexedAction } from './action-log';
import { commandWords, eventPhrase, type NameLookup } from './words';

/** Display names from the game's first event (all public). */
export interface Names {
  seats: Map<number, string>;
  characters: Map<string, string>;
  ships: Map<string, string>;
  crew: Map<string, string>;
  cards: Map<string, string>;
}

export const emptyNames = (): Names => ({ seats: new Map(), characters: new Map(), ships: new Map(), crew: new Map(), cards: new Map() });

// Events of every type are read here by field name; a wrong guess shows as a word, never a crash.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

/** Reads the names from a game's first event (`GameCreated`, or `GameForked`: seats only). */
export function namesFrom(event: GameEvent): Names {
  const names = emptyNames();
  const type = event.type as string;
  if (type !== 'GameCreated' && type !== 'GameForked') return names;
  const data = event.data as Data;
  for (const seat of data.seats ?? []) names.seats.set(seat.seat, seat.name);
  const scenario = (data.scenario ?? {}) as Data;
  for (const character of scenario.characters ?? []) names.characters.set(character.characterId, character.name);
  for (const card of scenario.cards ?? []) names.cards.set(card.cardId, card.name);
  const cards = new Map<string, string>((scenario.shipCards ?? []).map((card: Data) => [card.cardId, card.name]));
  for (const ship of scenario.playerShips ?? []) {
    names.ships.set(ship.shipId, cards.get(ship.card) ?? ship.shipId);
    for (const crew of ship.crew ?? []) names.crew.set(crew.crewId, crew.name);
  }
  for (const ship of scenario.enemyShips ?? []) names.ships.set(ship.enemyShipId, cards.get(ship.card) ?? ship.enemyShipId);
  return names;
}

/** The names as the shared words read them. */
const lookup = (names: Names): NameLookup => ({
  seat: (seat) => names.seats.get(seat) ?? `seat ${seat}`,
  ship: (id) => names.ships.get(id) ?? id,
  character: (id) => names.characters.get(id) ?? id,
  crew: (id) => names.crew.get(id) ?? id,
  card: (id) => names.cards.get(id) ?? id,
});

/** The verb of a command, from its body. */
const commandPhrase = (command: Data, names: NameLookup): string => commandWords(command.type)?.done(command, names) ?? String(command.type);

/** Events that only repeat what the command already says. */
const ECHOES: Record<string, string[]> = {
  EndTurn: ['TurnEnded'],
  DropAnchor: ['AnchorDropped'],
  WeighAnchor: ['AnchorWeighed'],
  StartNavigation: [],
};

const MAX_PHRASES = 4;

export function whoOf(seat: number | null, names: Names): string {
  return seat === null ? 'The game' : (names.seats.get(seat) ?? `Seat ${seat}`);
}

/**
 * "Ana ended the turn: round 3 ended, Bo's turn (round 4)". `targets` describes the action an
 * undo or redo names.
 */
export function describeAction(action: IndexedAction, names: Names, targets: (actionId: string) => string | undefined = () => undefined): string {
  const who = whoOf(action.seat, names);
  const history = action.events.map(historyChange).filter((c) => c !== null);
  if (history.length > 0) {
    // An accepted takeback records its undos with the acceptance: say which command it was.
    const command = action.command;
    const lead = command && command.type !== 'Undo' && command.type !== 'Redo' ? `${commandPhrase(command, lookup(names))}: ` : '';
    return `${who} ${lead}${history
      .map(({ change, actionId }) => {
        const target = targets(actionId);
        return `${change === 'undone' ? 'undid' : 'redid'} ${target ? `“${target}”` : 'an action'}`;
      })
      .join(', ')}`;
  }
  const echoes = action.command ? (ECHOES[action.command.type] ?? []) : [];
  const words = lookup(names);
  const phrases = action.events
    .filter((e) => !echoes.includes(e.type))
    .map((e) => eventPhrase(e.type, e.data as Data, words))
    .filter((p): p is string => p !== undefined);
  const shown = phrases.length > MAX_PHRASES ? [...phrases.slice(0, MAX_PHRASES), `${phrases.length - MAX_PHRASES} more`] : phrases;
  if (action.command && action.command.type !== 'CreateGame' && action.command.type !== 'ForkGame') {
    return `${who} ${commandPhrase(action.command, words)}${shown.length ? `: ${shown.join(', ')}` : ''}`;
  }
  return `${who}: ${shown.length ? shown.join(', ') : action.events.map((e) => e.type).join(', ')}`;
}
