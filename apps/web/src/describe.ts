// Words for what happened and for what a seat may do. Only public fields are named: a view or an
// event as the viewer received it never holds more, and no description reaches for hidden ones.
import type { Command, Hex, LooseJson, RecordedGameEvent, TimelineItem } from './types';

const at = (hex: Hex | undefined): string => (hex ? `(${hex.q}, ${hex.r})` : '');
const FACING_NAMES = ['north', 'north-east', 'south-east', 'south', 'south-west', 'north-west'];
export const facingName = (facing: number): string => FACING_NAMES[((facing % 6) + 6) % 6];
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

/** One line for one event, from its public data. */
export function describeEvent(event: RecordedGameEvent, names: Names = {}): string {
  const d = event.data ?? {};
  const pretty = (id: unknown): string => names[String(id)] ?? prettyId(id);
  const seat = (n: unknown): string => names[`seat:${n}`] ?? `Seat ${n}`;
  switch (event.type) {
    case 'GameCreated':
      return `Game created: ${d.scenario?.name ?? 'a scenario'}, ${d.seats?.length ?? '?'} seat(s)`;
    case 'TurnStarted':
      return `Round ${d.round}: ${seat(d.seat)}'s turn begins (${d.ordersLeft} orders)`;
    case 'TurnEnded':
      return `${seat(d.seat)} ends the turn`;
    case 'RoundEnded':
      return `Round ${d.round} ends`;
    case 'BlessingAdvanced':
      return `The blessings deck advances: ${d.deck} left`;
    case 'NavigationOrderIssued':
      return `Navigation order for ${pretty(d.shipId)}: ${d.points} points`;
    case 'ShipMoved':
      return `${pretty(d.shipId)} sails ${at(d.from)} → ${at(d.to)} (cost ${d.cost})`;
    case 'ShipTurned':
      return `${pretty(d.shipId)} turns to face ${facingName(d.to)}`;
    case 'TileExplored':
      return `A new tile is explored${d.anchor ? ` at ${at(d.anchor)}` : ''}`;
    case 'NavigationOrderCompleted':
      return `Navigation ends (${d.unusedPoints} point(s) unused)`;
    case 'CardsDrawn':
      return `${pretty(d.characterId)} draws ${d.count} card(s)`;
    case 'PlunderRolled':
      return `Plunder roll ${d.roll}: ${d.cardType}`;
    case 'PlunderStashed':
      return `A face-down ${d.cardType} is stashed under ${pretty(d.shipId)}`;
    case 'CrewMoved':
      return `${pretty(d.crewId)} moves to ${d.to}`;
    case 'AnchorDropped':
      return `${pretty(d.shipId)} drops anchor`;
    case 'AnchorWeighed':
      return `${pretty(d.shipId)} weighs anchor`;
    case 'StructuralDamageDealt':
      return `${pretty(d.shipId)} takes structural damage`;
    case 'StructuralDamageResolved':
      return `Structural damage on ${pretty(d.shipId)} is resolved`;
    case 'ShipWrecked':
      return `${pretty(d.shipId)} is wrecked`;
    case 'CheckAttempted':
      return `${pretty(d.characterId)} attempts a ${d.check} check: ${d.total} vs ${d.difficulty}, ${d.success ? 'success' : 'failure'}`;
    case 'EnemySpawned':
      return `An enemy comes on deck`;
    case 'EnemyRepelled':
      return `${pretty(d.characterId)} repels an enemy`;
    case 'AltarPurged':
      return `The altar at ${at(d.hex)} is purged`;
    case 'ActAdvanced':
      return `Act ${d.to} begins`;
    case 'ScenarioWon':
      return `The scenario is won with ${d.clues} clues`;
    case 'ScenarioLost':
      return `The scenario is lost: the blessings ran out`;
    case 'ActionUndone':
      return `Undo`;
    case 'ActionRedone':
      return `Redo`;
    default:
      return event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}

/** A button's words for a command. */
export function describeCommand(command: Command): string {
  switch (command.type) {
    case 'StartNavigation':
      return 'Start navigation';
    case 'MoveShip':
      return 'Move ahead';
    case 'TurnShip':
      return command.direction === 'ccw' ? 'Turn ⟲ (counter-clockwise)' : 'Turn ⟳ (clockwise)';
    case 'ExploreTile':
      return 'Explore ahead';
    case 'EndNavigation':
      return 'End navigation';
    case 'EndTurn':
      return 'End turn';
    case 'ResolveStructuralDamage':
      return 'Take the damage';
    case 'ReduceStructuralDamage': {
      const play = Array.isArray(command.play) ? command.play.map(prettyId) : [];
      const discard = Array.isArray(command.discard) ? command.discard.map(prettyId) : [];
      const parts = [play.length ? `play ${play.join(', ')}` : '', discard.length ? `discard ${discard.join(', ')}` : ''].filter(Boolean);
      return parts.length ? `Reduce the damage: ${parts.join('; ')}` : 'Reduce the damage';
    }
    case 'ChoosePlunderType':
      return `Choose ${String(command.cardType)}`;
    case 'SetFollowShip':
      return command.follow ? 'Follow the ship when it sails' : 'Stay put when the ship sails';
    case 'DropAnchor':
      return 'Drop anchor';
    case 'WeighAnchor':
      return 'Weigh anchor';
    case 'Undo':
      return 'Undo';
    case 'Redo':
      return 'Redo';
    default: {
      const words = command.type.replace(/([a-z])([A-Z])/g, '$1 $2');
      const extra = Object.entries(command)
        .filter(([k]) => k !== 'type')
        .map(([, v]) => (typeof v === 'object' ? '' : prettyId(v)))
        .filter(Boolean)
        .join(' ');
      return extra ? `${words}: ${extra}` : words;
    }
  }
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
