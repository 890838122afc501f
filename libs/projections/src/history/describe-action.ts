// One line of plain English per action, for the timeline. Built only from what everyone may
// see: the command body the seat sent (never a secret) and the public `data` of its events.
// An event's `secret` part is never read here.
import type { GameEvent } from '@logbook/rules';
import { historyChange, type IndexedAction } from './action-log';

/** Display names from the game's first event (all public). */
export interface Names {
  seats: Map<number, string>;
  characters: Map<string, string>;
  ships: Map<string, string>;
  crew: Map<string, string>;
}

export const emptyNames = (): Names => ({ seats: new Map(), characters: new Map(), ships: new Map(), crew: new Map() });

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
  const cards = new Map<string, string>((scenario.shipCards ?? []).map((card: Data) => [card.cardId, card.name]));
  for (const ship of scenario.playerShips ?? []) {
    names.ships.set(ship.shipId, cards.get(ship.card) ?? ship.shipId);
    for (const crew of ship.crew ?? []) names.crew.set(crew.crewId, crew.name);
  }
  for (const ship of scenario.enemyShips ?? []) names.ships.set(ship.enemyShipId, cards.get(ship.card) ?? ship.enemyShipId);
  return names;
}

const hex = (h: Data | undefined): string => (h ? `(${h.q}, ${h.r})` : '?');
const turnWord = (direction: unknown): string => (direction === 'cw' ? 'clockwise' : direction === 'ccw' ? 'counter-clockwise' : String(direction));

/** What an event says, in a few words; undefined for events that add nothing to the line. */
function eventPhrase(event: GameEvent, names: Names): string | undefined {
  const d = event.data as Data;
  const ship = (id: string) => names.ships.get(id) ?? id;
  const character = (id: string) => names.characters.get(id) ?? id;
  switch (event.type as string) {
    case 'GameCreated':
      return `game created: ${d.scenario?.name ?? 'a scenario'} (${d.mode}) for ${(d.seats ?? []).map((s: Data) => s.name).join(', ')}`;
    case 'GameForked':
      return `game forked from ${d.source?.gameId} at revision ${d.source?.revision} (${d.mode}${d.reshuffled ? ', hidden cards and tiles dealt again' : ''}) for ${(d.seats ?? []).map((s: Data) => s.name).join(', ')}`;
    case 'NavigationOrderIssued':
      return `Navigation order for ${ship(d.shipId)} (${d.points} points)`;
    case 'ShipMoved':
      return `${ship(d.shipId)} sails to ${hex(d.to)}`;
    case 'ShipTurned':
      return `${ship(d.shipId)} turned to facing ${d.to}`;
    case 'TileExplored':
      return `explored tile ${d.tileId} at ${hex(d.hex)}${d.clues ? ` (+${d.clues} clues)` : ''}`;
    case 'CrewMoved':
      return `${names.crew.get(d.crewId) ?? d.crewId} to ${d.to}`;
    case 'AnchorDropped':
      return `${ship(d.shipId)} dropped anchor`;
    case 'AnchorWeighed':
      return `${ship(d.shipId)} weighed anchor`;
    case 'TurnEnded':
      return 'turn ended';
    case 'RoundEnded':
      return `round ${d.round} ended`;
    case 'TurnStarted':
      return `${names.seats.get(d.seat) ?? `seat ${d.seat}`}'s turn (round ${d.round})`;
    case 'ActAdvanced':
      return `act ${d.to} began`;
    case 'ScenarioWon':
      return 'the scenario is won';
    case 'ScenarioLost':
      return `the scenario is lost (${d.reason})`;
    case 'ShipEncountered':
      return `${character(d.characterId)} encountered ${ship(d.enemyShipId)}`;
    case 'ShipDefeated':
      return `${ship(d.enemyShipId)} defeated${d.outcome === 'seized' ? ' and seized' : ''}`;
    case 'ShipBanished':
      return `${ship(d.enemyShipId)} banished`;
    case 'CheckAttempted':
      return `${d.check} check ${d.success ? 'passed' : 'failed'} (${d.total} vs ${d.difficulty})`;
    case 'StructuralDamageDealt':
      return `${d.amount} structural damage to ${ship(d.shipId)}`;
    case 'StructuralDamageReduced':
      return `damage reduced by ${d.by} (${d.amount} left)`;
    case 'StructuralDamageResolved':
      return `damage resolved: ${d.outcome}`;
    case 'ShipWrecked':
      return `${ship(d.shipId)} wrecked`;
    case 'ShipRepaired':
      return `${ship(d.shipId)} repaired`;
    case 'BlessingsDiscarded':
      return `${d.count} blessings discarded`;
    case 'PlunderRolled':
      return `plunder roll ${d.roll}`;
    case 'PlunderTypeChosen':
      return `plunder type ${d.cardType}`;
    case 'PlunderStashed':
      return `a ${d.cardType} stashed under ${ship(d.shipId)}`;
    case 'PlunderAddedToHand':
      return `a ${d.cardType} to ${character(d.characterId)}'s hand`;
    case 'ShipwreckLooted':
      return `shipwreck at ${hex(d.hex)} looted`;
    case 'CharacterEmbarked':
      return `${character(d.characterId)} boarded ${ship(d.shipId)}`;
    case 'CharacterDisembarked':
      return `${character(d.characterId)} went ashore at ${hex(d.hex)}`;
    case 'FollowShipSet':
      return `${character(d.characterId)} ${d.follow ? 'follows' : 'no longer follows'} the ship`;
    case 'EnemySpawned':
      return `${d.name} spawned on ${ship(d.shipId)}`;
    case 'EnemyRepelled':
      return `${d.enemyId} repelled`;
    case 'AltarPurged':
      return `altar at ${hex(d.hex)} purged`;
    default:
      return undefined;
  }
}

/** The verb of a command, from its body. */
function commandPhrase(command: Data): string {
  switch (command.type) {
    case 'CreateGame':
      return 'created the game';
    case 'StartNavigation':
      return 'issued a Navigation order';
    case 'MoveShip':
      return 'moved the ship';
    case 'TurnShip':
      return `turned the ship ${turnWord(command.direction)}`;
    case 'ExploreTile':
      return 'explored';
    case 'EndNavigation':
      return 'ended the Navigation order';
    case 'Navigate':
      return `navigated (${(Array.isArray(command.steps) ? command.steps : [])
        .map((s: Data) => (s.action === 'turn' ? `turn ${s.direction}` : s.action))
        .join(', ')})`;
    case 'MoveCrew':
      return 'moved a crew member';
    case 'DropAnchor':
      return 'dropped anchor';
    case 'WeighAnchor':
      return 'weighed anchor';
    case 'EndTurn':
      return 'ended the turn';
    case 'EngageShip':
      return `engaged ${command.enemyShipId}${command.seize ? ' to seize it' : ''}`;
    case 'AttemptRepair':
      return 'attempted a repair';
    case 'ReduceStructuralDamage':
      return 'reduced structural damage';
    case 'ResolveStructuralDamage':
      return 'resolved structural damage';
    case 'ChoosePlunderType':
      return `chose ${command.cardType} plunder`;
    case 'LootShipwreck':
      return 'looted a shipwreck';
    case 'RepelEnemy':
      return 'repelled an enemy';
    case 'PurgeAltar':
      return 'purged an altar';
    case 'Embark':
      return 'embarked';
    case 'Disembark':
      return 'disembarked';
    case 'SetFollowShip':
      return command.follow ? 'chose to follow the ship' : 'chose not to follow the ship';
    case 'Undo':
      return 'undid';
    case 'Redo':
      return 'redid';
    default:
      return String(command.type);
  }
}

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
    return `${who} ${history
      .map(({ change, actionId }) => {
        const target = targets(actionId);
        return `${change === 'undone' ? 'undid' : 'redid'} ${target ? `“${target}”` : 'an action'}`;
      })
      .join(', ')}`;
  }
  const echoes = action.command ? (ECHOES[action.command.type] ?? []) : [];
  const phrases = action.events
    .filter((e) => !echoes.includes(e.type))
    .map((e) => eventPhrase(e, names))
    .filter((p): p is string => p !== undefined);
  const shown = phrases.length > MAX_PHRASES ? [...phrases.slice(0, MAX_PHRASES), `${phrases.length - MAX_PHRASES} more`] : phrases;
  if (action.command && action.command.type !== 'CreateGame' && action.command.type !== 'ForkGame') {
    return `${who} ${commandPhrase(action.command)}${shown.length ? `: ${shown.join(', ')}` : ''}`;
  }
  return `${who}: ${shown.length ? shown.join(', ') : action.events.map((e) => e.type).join(', ')}`;
}
