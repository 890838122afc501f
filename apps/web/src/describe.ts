// Words for what happened and for what a seat may do. Only public fields are named: a view or an
// event as the viewer received it never holds more, and no description reaches for hidden ones.
// The words are the server's own table (a module of type imports only, bundled into the page).
import { commandWords, eventPhrase, type NameLookup } from '@logbook/projections/history/words';
import type { Command, LooseJson, RecordedGameEvent, TimelineItem } from './types';

export { facingName } from '@logbook/projections/history/words';
const prettyId = (id: unknown): string =>
  String(id ?? '')
    .replace(/[-_]/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase());

/** Display names of ships, characters and crew, from the public scenario in GameCreated. */
export type Names = Record<string, string>;

export function namesFrom(created: RecordedGameEvent | undefined): Names {
  const names: Names = {};
  const scenario = created?.type === 'GameCreated' ? created.data?.scenario : undefined;
  if (!scenario) return names;
  const cardNames = new Map<string, string>((scenario.shipCards ?? []).map((c: LooseJson) => [c.cardId, c.name]));
  for (const ship of scenario.playerShips ?? []) {
    const shipName = cardNames.get(ship.card);
    if (shipName) names[ship.shipId] = shipName;
    for (const crew of ship.crew ?? []) names[crew.crewId] = crew.name;
  }
  for (const c of scenario.characters ?? []) names[c.characterId] = c.name;
  for (const seat of created?.data?.seats ?? []) names[`seat:${seat.seat}`] = seat.name;
  return names;
}

/** The page's names as the shared words read them. */
const lookup = (names: Names): NameLookup => {
  const pretty = (id: unknown): string => names[String(id)] ?? prettyId(id);
  return { seat: (n) => names[`seat:${n}`] ?? `Seat ${n}`, ship: pretty, character: pretty, crew: pretty };
};
const spaced = (type: string): string => type.replace(/([a-z])([A-Z])/g, '$1 $2');
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** One line for one event, from its public data, in the timeline's words. */
export function describeEvent(event: RecordedGameEvent, names: Names = {}): string {
  const phrase = eventPhrase(event.type, event.data, lookup(names));
  return phrase ? capital(phrase) : spaced(event.type);
}

/** A button's words for a command: the options endpoint's, for a server that sends none. */
export function describeCommand(command: Command, names: Names = {}): string {
  const words = commandWords(command.type);
  if (words) return words.label(command, lookup(names));
  const extra = Object.entries(command)
    .filter(([k]) => k !== 'type')
    .map(([, v]) => (typeof v === 'object' ? '' : prettyId(v)))
    .filter(Boolean)
    .join(' ');
  return extra ? `${spaced(command.type)}: ${extra}` : spaced(command.type);
}

const commandIdOf = (event: RecordedGameEvent): string | undefined => event.commandId ?? event.metadata?.commandId;
const seatOf = (event: RecordedGameEvent): number | null | undefined => event.seat ?? event.metadata?.seat;

/**
 * The timeline from the plain event list, for servers without `/timeline`: events of one command
 * form one action when the server says which command each came from, else each event is a line;
 * the setup events read as one line, and ActionUndone/ActionRedone mark the action they name.
 */
export function timelineFromEvents(events: RecordedGameEvent[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  const byCommand = new Map<string, TimelineItem>();
  const names = namesFrom(events[0]);
  let round: number | undefined;
  for (const event of events) {
    if (event.type === 'TurnStarted') round = event.data?.round;
    const commandId = commandIdOf(event);
    const last = items[items.length - 1];
    const setup = last && last.key === 'setup' && round === undefined;
    if (setup || (commandId && last && last.key === commandId)) {
      last.to = event.revision;
      continue;
    }
    if (event.type === 'ActionUndone' || event.type === 'ActionRedone') {
      const target = byCommand.get(String(event.data?.actionId));
      if (target) target.undone = event.type === 'ActionUndone';
    }
    const kind: TimelineItem['kind'] =
      event.type === 'ActionUndone' ? 'undo' : event.type === 'ActionRedone' ? 'redo' : event.revision === 0 ? 'system' : 'action';
    const item: TimelineItem = {
      key: event.revision === 0 ? 'setup' : (commandId ?? `r${event.revision}`),
      from: event.revision,
      to: event.revision,
      round,
      seat: seatOf(event) ?? null,
      description: describeEvent(event, names),
      undone: false,
      kind,
    };
    items.push(item);
    if (commandId) byCommand.set(commandId, item);
  }
  return items;
}

const num = (...values: unknown[]): number | undefined => values.find((v): v is number => typeof v === 'number');

/**
 * The server's `/timeline`, whatever its nesting (rounds → turns → actions, or a flat
 * list): every object with an action id and a revision range is an action, in order.
 */
export function timelineFromEndpoint(body: unknown): TimelineItem[] | undefined {
  const found: TimelineItem[] = [];
  const visit = (node: unknown, round: number | undefined): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, round);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, LooseJson>;
    const thisRound = num(o.round, round);
    const id = o.actionId ?? o.commandId;
    const range = o.revisions ?? o.range ?? {};
    const from = num(o.from, o.fromRevision, o.firstRevision, range.from, range.first, o.revision);
    const to = num(o.to, o.toRevision, o.lastRevision, range.to, range.last, from);
    if (typeof id === 'string' && from !== undefined && to !== undefined) {
      const type = String(o.command?.type ?? o.type ?? '');
      found.push({
        key: id,
        from,
        to,
        round: thisRound,
        seat: typeof o.seat === 'number' ? o.seat : null,
        ...(typeof o.by === 'string' ? { by: o.by } : {}),
        description: String(o.description ?? o.summary ?? (type || 'action')),
        undone: o.undone === true || o.status === 'undone' || o.state === 'undone',
        kind: type === 'Undo' ? 'undo' : type === 'Redo' ? 'redo' : o.seat === null || o.seat === undefined ? 'system' : 'action',
      });
      return;
    }
    for (const value of Object.values(o)) if (value && typeof value === 'object') visit(value, thisRound);
  };
  visit(body, undefined);
  if (found.length === 0) return undefined;
  return found.sort((a, b) => a.from - b.from);
}
