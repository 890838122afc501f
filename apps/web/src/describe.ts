// Words for what a seat may do, and the server's timeline as the page lists it. The words are
// the server's own table (a module of type imports only, bundled into the page).
import { COMMAND_WORDS, type NameLookup } from '@logbook/projections/history/words';
import type { BoardView, Command, NoteView, Timeline, TimelineItem } from './types';

export { facingName } from '@logbook/projections/history/words';

/**
 * The names the board view shows, for the page's notices of what the seat just sent (the
 * server's labels name the options themselves): the catalogue's card names, never ids made pretty.
 */
export function namesOfView(view: BoardView): NameLookup {
  const find = <T>(list: T[], test: (item: T) => boolean): T | undefined => list.find(test);
  return {
    seat: (n) => view.seats.find((s) => s.seat === n)?.name ?? `Seat ${n}`,
    ship: (id) => find(view.ships, (s) => s.shipId === id)?.name ?? find(view.enemyShips, (s) => s.enemyShipId === id)?.name ?? id,
    character: (id) => find(view.characters, (c) => c.characterId === id)?.name ?? id,
    crew: (id) => {
      for (const ship of view.ships) for (const crew of ship.crew) if (crew.crewId === id) return crew.name;
      return id;
    },
    card: (id) => view.cards[id]?.name ?? id,
    check: (command) => (command.type === 'EngageShip' ? find(view.enemyShips, (s) => s.enemyShipId === command.enemyShipId)?.defeat : undefined),
  };
}

/** A command in the words of its button. */
export const describeCommand = (command: Command, view: BoardView): string => COMMAND_WORDS[command.type].label(command, namesOfView(view));

const TAKEBACK_COMMANDS: ReadonlySet<string> = new Set(['RequestTakeback', 'AnswerTakeback', 'WithdrawTakeback']);

const kindOf = (type: string, seat: number | null): TimelineItem['kind'] =>
  type === 'Undo' ? 'undo' : type === 'Redo' ? 'redo' : TAKEBACK_COMMANDS.has(type) ? 'takeback' : seat === null ? 'system' : 'action';

/** A note in one line: who, on which revision, what. */
export const noteLine = (note: NoteView): string =>
  `${note.author[0]?.toUpperCase() ?? ''}${note.author.slice(1)} noted revision ${note.from ? `${note.from.revision} (before the fork)` : note.at}: “${note.text}”`;

/**
 * The server's timeline (rounds → turns → actions) as one list of actions in log order, each
 * with the notes on its revisions (a note on a revision no action holds, such as a note's own,
 * goes with the action before it).
 */
export function timelineItems(timeline: Timeline): TimelineItem[] {
  const items = timelineActions(timeline);
  for (const note of timeline.notes) {
    const item = items.filter((i) => i.from <= note.at).at(-1) ?? items[0];
    if (item) (item.notes ??= []).push(note);
  }
  return items;
}

function timelineActions(timeline: Timeline): TimelineItem[] {
  return timeline.rounds
    .flatMap(({ round, turns }) =>
      turns.flatMap(({ actions }) =>
        actions.map((action) => ({
          key: action.actionId,
          from: action.revisions.from,
          to: action.revisions.to,
          round,
          description: action.description,
          undone: action.undone,
          kind: kindOf(action.type, action.seat),
        })),
      ),
    )
    .sort((a, b) => a.from - b.from);
}
