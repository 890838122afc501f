// The words for what happened and what a seat may do, in one home: the server's timeline
// (describe-action.ts), the options endpoint's labels and the browser page all read these tables.
// Keyed by every command and event type, so a new one without its words does not compile.
// Only public fields are named: a command body and an event's `data` (never its `secret`).
// Type imports only: the page bundles this file and nothing of the rules.
import type { GameCommandType, GameEventType, GameState, HistoryCommand } from '@logbook/rules';

/** Display names for ids, as each reader knows them (an unknown id shows as itself). */
export interface NameLookup {
  seat(seat: number): string;
  ship(shipId: string): string;
  character(characterId: string): string;
  crew(crewId: string): string;
}

/** The names a running game's state holds (all public: the scenario's). */
export function namesOfState(state: GameState): NameLookup {
  return {
    seat: (seat) => state.seats.find((s) => s.seat === seat)?.name ?? `seat ${seat}`,
    ship: (id) => state.ships[id]?.name ?? state.enemyShips[id]?.name ?? id,
    character: (id) => state.characters[id]?.name ?? id,
    crew: (id) => {
      for (const ship of Object.values(state.ships)) for (const crew of ship.crew) if (crew.crewId === id) return crew.name;
      return id;
    },
  };
}

// Commands and events are read here by field name, as stored (older events included); a
// missing field shows as a word, never a crash.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

const FACING_NAMES = ['north', 'north-east', 'south-east', 'south', 'south-west', 'north-west'];
/** Facing 0 is north, then clockwise in 60° steps. */
export const facingName = (facing: number): string => FACING_NAMES[((facing % 6) + 6) % 6] ?? String(facing);
const hex = (h: Data | undefined): string => (h ? `(${h.q}, ${h.r})` : '?');
const turnWord = (direction: unknown): string => (direction === 'cw' ? 'clockwise' : direction === 'ccw' ? 'counter-clockwise' : String(direction));
const steps = (list: unknown): string =>
  (Array.isArray(list) ? list : []).map((s: Data) => (s.action === 'turn' ? `turn ${s.direction}` : String(s.action))).join(', ');
const choice = (c: Data): string => {
  const parts = [typeof c.option === 'number' ? `option ${c.option + 1}` : '', Array.isArray(c.boons) && c.boons.length ? `boons: ${c.boons.join(', ')}` : ''];
  const text = parts.filter(Boolean).join(', ');
  return text ? ` (${text})` : '';
};
const named = (ids: unknown): string[] => (Array.isArray(ids) ? ids.map(String) : []);
const reduceLabel = (c: Data): string => {
  const parts = [named(c.play).length ? `play ${named(c.play).join(', ')}` : '', named(c.discard).length ? `discard ${named(c.discard).join(', ')}` : ''];
  const text = parts.filter(Boolean).join('; ');
  return text ? `Reduce the damage: ${text}` : 'Reduce the damage';
};

/** Where the page groups a command's button. */
export type CommandGroup = 'navigation' | 'turn' | 'response' | 'history' | 'other';

export interface CommandWords {
  group: CommandGroup;
  /** What the seat did, after its name: "Ana turned the ship clockwise". */
  done(command: Data, names: NameLookup): string;
  /** A button's words for sending it: "Turn ⟳ (clockwise)". */
  label(command: Data, names: NameLookup): string;
}

export const COMMAND_WORDS: Record<GameCommandType | HistoryCommand['type'], CommandWords> = {
  CreateGame: { group: 'other', done: () => 'created the game', label: () => 'Create the game' },
  StartNavigation: { group: 'navigation', done: (_c, _n) => 'issued a Navigation order', label: (_c, _n) => 'Start navigation' },
  MoveShip: { group: 'navigation', done: (_c, _n) => 'moved the ship', label: (_c, _n) => 'Move ahead' },
  TurnShip: {
    group: 'navigation',
    done: (c, _n) => `turned the ship ${turnWord(c.direction)}`,
    label: (c, _n) => (c.direction === 'ccw' ? 'Turn ⟲ (counter-clockwise)' : 'Turn ⟳ (clockwise)'),
  },
  ExploreTile: {
    group: 'navigation',
    done: (_c, _n) => 'explored',
    label: (c, _n) => (c.rotation === undefined ? 'Explore ahead' : `Explore ahead (rotation ${c.rotation})`),
  },
  EndNavigation: { group: 'navigation', done: (_c, _n) => 'ended the Navigation order', label: (_c, _n) => 'End navigation' },
  Navigate: { group: 'navigation', done: (c, _n) => `navigated (${steps(c.steps)})`, label: (c, _n) => `Navigate: ${steps(c.steps)}` },
  MoveCrew: { group: 'other', done: (_c, _n) => 'moved a crew member', label: (c, n) => `Move ${n.crew(c.crewId)} to ${c.node}` },
  DropAnchor: { group: 'other', done: (_c, _n) => 'dropped anchor', label: (_c, _n) => 'Drop anchor' },
  WeighAnchor: { group: 'other', done: (_c, _n) => 'weighed anchor', label: (_c, _n) => 'Weigh anchor' },
  EndTurn: { group: 'turn', done: (_c, _n) => 'ended the turn', label: (_c, _n) => 'End turn' },
  EngageShip: {
    group: 'other',
    done: (c, n) => `engaged ${n.ship(c.enemyShipId)}${c.seize ? ' to seize it' : ''}`,
    label: (c, n) => `Engage ${n.ship(c.enemyShipId)}${c.seize ? ' to seize it' : ''}${choice(c)}`,
  },
  AttemptRepair: { group: 'other', done: (_c, _n) => 'attempted a repair', label: (c, _n) => `Attempt a repair${choice(c)}` },
  ReduceStructuralDamage: { group: 'response', done: (_c, _n) => 'reduced structural damage', label: (c, _n) => reduceLabel(c) },
  ResolveStructuralDamage: { group: 'response', done: (_c, _n) => 'resolved structural damage', label: (_c, _n) => 'Take the damage' },
  ChoosePlunderType: { group: 'response', done: (c, _n) => `chose ${c.cardType} plunder`, label: (c, _n) => `Choose ${c.cardType}` },
  LootShipwreck: { group: 'other', done: (_c, _n) => 'looted a shipwreck', label: (_c, _n) => 'Loot the shipwreck' },
  RepelEnemy: { group: 'other', done: (_c, _n) => 'repelled an enemy', label: (c, _n) => `Repel ${c.enemyId}${choice(c)}` },
  PurgeAltar: { group: 'other', done: (_c, _n) => 'purged an altar', label: (c, _n) => `Purge the altar at ${hex(c.hex)}${choice(c)}` },
  Embark: { group: 'other', done: (_c, _n) => 'embarked', label: (c, n) => `Board ${n.ship(c.shipId)}` },
  Disembark: { group: 'other', done: (_c, _n) => 'disembarked', label: (_c, _n) => 'Go ashore' },
  SetFollowShip: {
    group: 'other',
    done: (c, _n) => (c.follow ? 'chose to follow the ship' : 'chose not to follow the ship'),
    label: (c, _n) => (c.follow ? 'Follow the ship when it sails' : 'Stay put when the ship sails'),
  },
  Undo: { group: 'history', done: (_c, _n) => 'undid', label: (_c, _n) => 'Undo' },
  Redo: { group: 'history', done: (_c, _n) => 'redid', label: (_c, _n) => 'Redo' },
};

/** What an event says, in a few words; null for events that add nothing to an action's line. */
export const EVENT_WORDS: Record<GameEventType, ((data: Data, names: NameLookup) => string) | null> = {
  GameCreated: (d) => `game created: ${d.scenario?.name ?? 'a scenario'} (${d.mode}) for ${(d.seats ?? []).map((s: Data) => s.name).join(', ')}`,
  GameForked: (d) =>
    `game forked from ${d.source?.gameId} at revision ${d.source?.revision} (${d.mode}${d.reshuffled ? ', hidden cards and tiles dealt again' : ''}) for ${(d.seats ?? []).map((s: Data) => s.name).join(', ')}`,
  NavigationOrderIssued: (d, n) => `Navigation order for ${n.ship(d.shipId)} (${d.points} points)`,
  ShipMoved: (d, n) => `${n.ship(d.shipId)} sails to ${hex(d.to)}`,
  ShipTurned: (d, n) => `${n.ship(d.shipId)} turned to face ${facingName(d.to)}`,
  TileExplored: (d) => `explored tile ${d.tileId} at ${hex(d.hex)}${d.clues ? ` (+${d.clues} clues)` : ''}`,
  CrewMoved: (d, n) => `${n.crew(d.crewId)} to ${d.to}`,
  AnchorDropped: (d, n) => `${n.ship(d.shipId)} dropped anchor`,
  AnchorWeighed: (d, n) => `${n.ship(d.shipId)} weighed anchor`,
  TurnEnded: () => 'turn ended',
  RoundEnded: (d) => `round ${d.round} ended`,
  TurnStarted: (d, n) => `${n.seat(d.seat)}'s turn (round ${d.round})`,
  ActAdvanced: (d) => `act ${d.to} began`,
  ScenarioWon: () => 'the scenario is won',
  ScenarioLost: (d) => `the scenario is lost (${d.reason})`,
  ShipEncountered: (d, n) => `${n.character(d.characterId)} encountered ${n.ship(d.enemyShipId)}`,
  ShipDefeated: (d, n) => `${n.ship(d.enemyShipId)} defeated${d.outcome === 'seized' ? ' and seized' : ''}`,
  ShipBanished: (d, n) => `${n.ship(d.enemyShipId)} banished`,
  CheckAttempted: (d) => `${d.check} check ${d.success ? 'passed' : 'failed'} (${d.total} vs ${d.difficulty})`,
  StructuralDamageDealt: (d, n) => `${d.amount} structural damage to ${n.ship(d.shipId)}`,
  StructuralDamageReduced: (d) => `damage reduced by ${d.by} (${d.amount} left)`,
  StructuralDamageResolved: (d) => `damage resolved: ${d.outcome}`,
  ShipWrecked: (d, n) => `${n.ship(d.shipId)} wrecked`,
  ShipRepaired: (d, n) => `${n.ship(d.shipId)} repaired`,
  BlessingsDiscarded: (d) => `${d.count} blessings discarded`,
  PlunderRolled: (d) => `plunder roll ${d.roll}`,
  PlunderTypeChosen: (d) => `plunder type ${d.cardType}`,
  PlunderStashed: (d, n) => `a ${d.cardType} stashed under ${n.ship(d.shipId)}`,
  PlunderAddedToHand: (d, n) => `a ${d.cardType} to ${n.character(d.characterId)}'s hand`,
  ShipwreckLooted: (d) => `shipwreck at ${hex(d.hex)} looted`,
  CharacterEmbarked: (d, n) => `${n.character(d.characterId)} boarded ${n.ship(d.shipId)}`,
  CharacterDisembarked: (d, n) => `${n.character(d.characterId)} went ashore at ${hex(d.hex)}`,
  FollowShipSet: (d, n) => `${n.character(d.characterId)} ${d.follow ? 'follows' : 'no longer follows'} the ship`,
  EnemySpawned: (d, n) => `${d.name} spawned on ${n.ship(d.shipId)}`,
  EnemyRepelled: (d) => `${d.enemyId} repelled`,
  // Said by the action's other events or by the command, or secret in what matters.
  ActionUndone: null,
  ActionRedone: null,
  BlessingAdvanced: null,
  NavigationOrderCompleted: null,
  PlunderBanished: null,
  RepairAttempted: null,
  TileStackShuffled: null,
  CardsDrawn: null,
  CharacterDamaged: null,
  OrderGiven: null,
  ShipSeized: null,
  PlunderUnavailable: null,
  PlunderBecameLoot: null,
  PlunderReturnedToBox: null,
  AltarPurged: (d) => `altar at ${hex(d.hex)} purged`,
};

const has = (table: object, key: unknown): boolean => typeof key === 'string' && Object.prototype.hasOwnProperty.call(table, key);

/** A command's words by its type, whatever a stored body says; undefined for an unknown type. */
export const commandWords = (type: unknown): CommandWords | undefined => (has(COMMAND_WORDS, type) ? COMMAND_WORDS[type as GameCommandType] : undefined);

/** An event's phrase from its public data; undefined for an unknown type or one that adds nothing. */
export function eventPhrase(type: string, data: Data | undefined, names: NameLookup): string | undefined {
  const words = has(EVENT_WORDS, type) ? EVENT_WORDS[type as GameEventType] : null;
  return words ? words(data ?? {}, names) : undefined;
}
