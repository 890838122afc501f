// The words for what happened and what a seat may do, in one home: the server's timeline
// (describe-action.ts), the options endpoint's labels and the browser page all read these tables.
// Keyed by every command and event type, so a new one without its words does not compile.
// Only public fields are named: a command body and an event's `data` (never its `secret`).
// Type imports only: the page bundles this file and nothing of the rules.
import type { GameCommandType, GameEventType, GameState, HistoryCommand } from '@logbook/rules';

/** A check as the words read it (the rules' CheckDefinition). */
export interface CheckWords {
  steps: ReadonlyArray<{ options: ReadonlyArray<{ skills: readonly string[]; difficulty: number }> }>;
}

/** Display names for ids, as each reader knows them (an unknown id shows as itself). */
export interface NameLookup {
  seat(seat: number): string;
  ship(shipId: string): string;
  character(characterId: string): string;
  crew(crewId: string): string;
  /** A card's name in the catalogue. */
  card(cardId: string): string;
  /** The check a command with a check choice faces, when the reader knows it (options are named by it). */
  check?(command: Record<string, unknown>): CheckWords | undefined;
}

/** The names a running game's state holds (all public: the scenario's); `seat` is whose repairs are meant. */
export function namesOfState(state: GameState, seat?: number | null): NameLookup {
  const ownShip = () => {
    const characterId = state.seats.find((s) => s.seat === seat)?.characterId;
    const shipId = characterId === undefined ? undefined : state.characters[characterId]?.shipId;
    return shipId ? state.ships[shipId] : undefined;
  };
  return {
    seat: (seat) => state.seats.find((s) => s.seat === seat)?.name ?? `seat ${seat}`,
    ship: (id) => state.ships[id]?.name ?? state.enemyShips[id]?.name ?? id,
    character: (id) => state.characters[id]?.name ?? id,
    crew: (id) => {
      for (const ship of Object.values(state.ships)) for (const crew of ship.crew) if (crew.crewId === id) return crew.name;
      return id;
    },
    card: (id) => state.cards[id]?.name ?? id,
    check: (command) => {
      switch (command.type) {
        case 'EngageShip': {
          const enemy = state.enemyShips[String(command.enemyShipId)];
          return enemy ? state.shipCards[enemy.cardId]?.defeat : undefined;
        }
        case 'AttemptRepair': {
          const ship = ownShip();
          return ship ? state.shipCards[ship.cardId]?.repair : undefined;
        }
        case 'RepelEnemy':
          for (const ship of Object.values(state.ships)) for (const enemy of ship.enemiesOnDeck) if (enemy.enemyId === command.enemyId) return enemy.check;
          return undefined;
        case 'PurgeAltar':
          return state.altarCheck;
        default:
          return undefined;
      }
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
const turnStep = (direction: unknown): string => `turn ${turnWord(direction)}`;
const STEP_WORDS: Record<string, (step: Data) => string> = {
  move: () => 'sail ahead',
  turn: (step) => turnStep(step.direction),
  explore: (step) => (step.rotation === undefined ? 'explore ahead' : `explore ahead, ${rotationWords(step.rotation)}`),
};
const steps = (list: unknown): string => (Array.isArray(list) ? list : []).map((s: Data) => STEP_WORDS[String(s?.action)]?.(s) ?? String(s?.action)).join(', ');
/** A tile's rotation in 60° steps clockwise (0: as printed). */
const rotationWords = (rotation: unknown): string =>
  typeof rotation === 'number' ? (rotation === 0 ? 'the tile as printed' : `the tile turned ${rotation * 60}° clockwise`) : `rotation ${String(rotation)}`;
/** "a" or "an" before a word (plunder types: ally, item, blessing…). */
export const withArticle = (word: unknown): string => `${/^[aeiou]/i.test(String(word)) ? 'an' : 'a'} ${String(word)}`;
/** A crew node's id as words: `crows-nest` → "crows nest", `navigation-2` → "navigation 2". */
const nodeWords = (node: unknown): string => String(node).replace(/[-_]+/g, ' ');
/** One option of a check, by its skills and difficulty: "Strength/Melee 8". */
const optionWords = (check: CheckWords | undefined, step: number, option: number): string | undefined => {
  const chosen = check?.steps[step]?.options[option];
  return chosen ? `${chosen.skills.join('/')} ${chosen.difficulty}` : undefined;
};
/** How a check is met: " using Strength/Melee 8, with Cutlass + Spyglass"; nothing for the best option and no boons. */
const choice = (c: Data, names: NameLookup): string => {
  const check = names.check?.(c);
  const stepCount = Math.max(1, check?.steps.length ?? 1);
  let using = '';
  if (typeof c.option === 'number') {
    const option = c.option;
    const words = Array.from({ length: stepCount }, (_, step) => optionWords(check, step, option));
    using = words.every((w) => w !== undefined) ? ` using ${words.join(' then ')}` : ` using option ${option + 1}`;
  } else if (Array.isArray(c.option)) {
    using = ` using ${c.option.map((o: unknown, step: number) => (typeof o === 'number' ? (optionWords(check, step, o) ?? `option ${o + 1}`) : 'the best option')).join(' then ')}`;
  }
  const boons = (Array.isArray(c.boons) ? c.boons : []).flat().map((id: unknown) => names.card(String(id)));
  return `${using}${boons.length ? `${using ? ',' : ''} with ${boons.join(' + ')}` : ''}`;
};
const named = (ids: unknown, names: NameLookup): string[] => (Array.isArray(ids) ? ids.map((id) => names.card(String(id))) : []);
const reduceLabel = (c: Data, names: NameLookup): string => {
  const play = named(c.play, names);
  const discard = named(c.discard, names);
  const parts = [play.length ? `play ${play.join(', ')}` : '', discard.length ? `discard ${discard.join(', ')}` : ''];
  const text = parts.filter(Boolean).join('; ');
  return text ? `Reduce the damage: ${text}` : 'Reduce the damage';
};

/** A navigation action that opens its own order (RULES.md, navigation.own-order) says so first. */
const opening = (c: Data): string => (c.startNavigation === true ? 'issued a Navigation order and ' : '');
const openingLabel = (c: Data): string => (c.startNavigation === true ? 'Start navigation: ' : '');

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
  MoveShip: { group: 'navigation', done: (c, _n) => `${opening(c)}sailed ahead`, label: (c, _n) => `${openingLabel(c)}Sail ahead` },
  TurnShip: {
    group: 'navigation',
    done: (c, _n) => `${opening(c)}turned the ship ${turnWord(c.direction)}`,
    label: (c, _n) => `${openingLabel(c)}${c.direction === 'ccw' ? 'Turn counter-clockwise ⟲' : 'Turn clockwise ⟳'}`,
  },
  ExploreTile: {
    group: 'navigation',
    done: (c, _n) => `${opening(c)}explored`,
    // The tile is the hidden next one of the stack: without a rotation the rules place it the first way it fits.
    label: (c, _n) =>
      `${openingLabel(c)}${c.rotation === undefined ? 'Explore ahead (the tile is placed the first way it fits)' : `Explore ahead, ${rotationWords(c.rotation)}`}`,
  },
  EndNavigation: {
    group: 'navigation',
    done: (c, _n) => (c.endTurn === true ? 'ended the Navigation order and the turn' : 'ended the Navigation order'),
    label: (c, _n) => (c.endTurn === true ? 'End navigation and the turn' : 'End navigation'),
  },
  // A whole order in one go: it starts, takes its steps and ends, where StartNavigation only starts one.
  Navigate: { group: 'navigation', done: (c, _n) => `navigated (${steps(c.steps)})`, label: (c, _n) => `Whole order: ${steps(c.steps)}, then end navigation` },
  MoveCrew: { group: 'other', done: (_c, _n) => 'moved a crew member', label: (c, n) => `Move ${n.crew(c.crewId)} to ${nodeWords(c.node)}` },
  DropAnchor: { group: 'other', done: (_c, _n) => 'dropped anchor', label: (_c, _n) => 'Drop anchor' },
  WeighAnchor: { group: 'other', done: (_c, _n) => 'weighed anchor', label: (_c, _n) => 'Weigh anchor' },
  EndTurn: { group: 'turn', done: (_c, _n) => 'ended the turn', label: (_c, _n) => 'End turn' },
  EngageShip: {
    group: 'other',
    done: (c, n) => `engaged ${n.ship(c.enemyShipId)}${c.seize ? ' to seize it' : ''}`,
    label: (c, n) => `Engage ${n.ship(c.enemyShipId)}${c.seize ? ' to seize it' : ''}${choice(c, n)}`,
  },
  AttemptRepair: { group: 'other', done: (_c, _n) => 'attempted a repair', label: (c, n) => `Attempt a repair${choice(c, n)}` },
  ReduceStructuralDamage: { group: 'response', done: (_c, _n) => 'reduced structural damage', label: (c, n) => reduceLabel(c, n) },
  ResolveStructuralDamage: { group: 'response', done: (_c, _n) => 'resolved structural damage', label: (_c, _n) => 'Take the damage' },
  ChoosePlunderType: { group: 'response', done: (c, _n) => `chose ${c.cardType} plunder`, label: (c, _n) => `Choose ${c.cardType}` },
  LootShipwreck: { group: 'other', done: (_c, _n) => 'looted a shipwreck', label: (_c, _n) => 'Loot the shipwreck' },
  RepelEnemy: { group: 'other', done: (_c, _n) => 'repelled an enemy', label: (c, n) => `Repel ${c.enemyId}${choice(c, n)}` },
  PurgeAltar: { group: 'other', done: (_c, _n) => 'purged an altar', label: (c, n) => `Purge the altar at ${hex(c.hex)}${choice(c, n)}` },
  Embark: { group: 'other', done: (_c, _n) => 'embarked', label: (c, n) => `Board ${n.ship(c.shipId)}` },
  Disembark: { group: 'other', done: (_c, _n) => 'disembarked', label: (_c, _n) => 'Go ashore' },
  SetFollowShip: {
    group: 'other',
    done: (c, _n) => (c.follow ? 'chose to follow the ship' : 'chose not to follow the ship'),
    label: (c, _n) => (c.follow ? 'Follow the ship when it sails' : 'Stay put when the ship sails'),
  },
  Undo: { group: 'history', done: (_c, _n) => 'undid', label: (_c, _n) => 'Undo' },
  Redo: { group: 'history', done: (_c, _n) => 'redid', label: (_c, _n) => 'Redo' },
  RequestTakeback: { group: 'history', done: (_c, _n) => 'asked to take back', label: (_c, _n) => 'Ask to take back…' },
  AnswerTakeback: {
    group: 'history',
    done: (c, _n) => (c.accept ? 'accepted the takeback' : 'declined the takeback'),
    label: (c, _n) => (c.accept ? 'Accept the takeback' : 'Decline the takeback'),
  },
  WithdrawTakeback: { group: 'history', done: (_c, _n) => 'withdrew the takeback request', label: (_c, _n) => 'Withdraw the request' },
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
  PlunderStashed: (d, n) => `${withArticle(d.cardType)} stashed under ${n.ship(d.shipId)}`,
  PlunderAddedToHand: (d, n) => `${withArticle(d.cardType)} to ${n.character(d.characterId)}'s hand`,
  ShipwreckLooted: (d) => `shipwreck at ${hex(d.hex)} looted`,
  CharacterEmbarked: (d, n) => `${n.character(d.characterId)} boarded ${n.ship(d.shipId)}`,
  CharacterDisembarked: (d, n) => `${n.character(d.characterId)} went ashore at ${hex(d.hex)}`,
  FollowShipSet: (d, n) => `${n.character(d.characterId)} ${d.follow ? 'follows' : 'no longer follows'} the ship`,
  EnemySpawned: (d, n) => `${d.name} spawned on ${n.ship(d.shipId)}`,
  EnemyRepelled: (d) => `${d.enemyId} repelled`,
  TakebackRequested: (d) =>
    `${d.actionIds?.length ?? 0} action${d.actionIds?.length === 1 ? '' : 's'}, back to revision ${d.backTo}, if every other seat accepts (request ${d.requestId})`,
  TakebackAccepted: (d) => `request ${d.requestId}`,
  TakebackDeclined: (d) => `request ${d.requestId}: nothing is taken back`,
  TakebackWithdrawn: (d) => `request ${d.requestId}`,
  GameMigrated: (d) =>
    `moved to rules version ${d.toVersion}${d.takenBack ? ` (${d.takenBack} action${d.takenBack === 1 ? '' : 's'} taken back: today's rules decide them differently)` : ''}`,
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
  NoteAdded: (d, n) => `${noteAuthor(d.by, n)} noted revision ${d.at}: “${d.text}”`,
  SeatHandedToBot: (d, n) => `${n.seat(d.seat)} is played by the ${d.bot} bot`,
  SeatTakenBack: (d, n) => `${n.seat(d.seat)} is played by its player again`,
  SeatClaimed: (d, n) => `${n.seat(d.seat)} is linked to a player profile`,
};

/** Who wrote a note, in words: a seat's name, the operator or a spectator. */
export const noteAuthor = (by: unknown, names: NameLookup): string =>
  typeof by === 'number' ? names.seat(by) : by === 'operator' ? 'the operator' : 'a spectator';

const has = (table: object, key: unknown): boolean => typeof key === 'string' && Object.prototype.hasOwnProperty.call(table, key);

/** A command's words by its type, whatever a stored body says; undefined for an unknown type. */
export const commandWords = (type: unknown): CommandWords | undefined => (has(COMMAND_WORDS, type) ? COMMAND_WORDS[type as GameCommandType] : undefined);

/** An event's phrase from its public data; undefined for an unknown type or one that adds nothing. */
export function eventPhrase(type: string, data: Data | undefined, names: NameLookup): string | undefined {
  const words = has(EVENT_WORDS, type) ? EVENT_WORDS[type as GameEventType] : null;
  return words ? words(data ?? {}, names) : undefined;
}
