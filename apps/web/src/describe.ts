// Words for what a seat may do, and the server's timeline as the page lists it. The words are
// the server's own table (a module of type imports only, bundled into the page).
import { COMMAND_WORDS, type NameLookup } from '@logbook/projections/history/words';
import type { Command, Timeline, TimelineItem } from './types';

export { facingName } from '@logbook/projections/history/words';

const prettyId = (id: string): string => id.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Ids as words (the page's notices name what the seat just sent; the server's labels name the rest). */
const pretty: NameLookup = { seat: (n) => `Seat ${n}`, ship: prettyId, character: prettyId, crew: prettyId };

/** A command in the words of its button. */
export const describeCommand = (command: Command): string => COMMAND_WORDS[command.type].label(command, pretty);

const kindOf = (type: string, seat: number | null): TimelineItem['kind'] =>
  type === 'Undo' ? 'undo' : type === 'Redo' ? 'redo' : seat === null ? 'system' : 'action';

/** The server's timeline (rounds → turns → actions) as one list of actions in log order. */
export function timelineItems(timeline: Timeline): TimelineItem[] {
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
