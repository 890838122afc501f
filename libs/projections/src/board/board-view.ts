// The board view: a game's state as one viewer may see it. Who may see which card is decided
// by the rules' partyView; this adds the board, the turn and the clock around it.
import {
  claimedSeats,
  type SeatClaims,
  isGameOver,
  PLUNDER_TYPES,
  partyView,
  waitingFor,
  type BoardHex,
  type CardDefinition,
  type CharacterView,
  type CheckDefinition,
  type GameState,
  type HistoryStep,
  type ShipCardDefinition,
  type ShipView,
  type TakebackView,
  type Viewer,
  type WaitingFor,
} from '@logbook/rules';

export interface BoardView {
  gameId: string;
  scenario: { id: string; name: string };
  revision: number;
  status: GameState['status'];
  mode: GameState['mode'];
  round: number;
  activeSeat: number | null;
  ordersLeft: number;
  act: number;
  clues: number;
  clueGoal: number;
  blessings: { deck: number; discard: number };
  navigation: { shipId: string; pointsLeft: number } | null;
  /** What the game waits for, the command(s) that answer it and which seats may send each. */
  pending: PendingView | null;
  unplacedTiles: number;
  seats: GameState['seats'];
  /** The seats bots play now, and which bot plays each (the others are played by their players). */
  bots: Array<{ seat: number; bot: string }>;
  tiles: Array<{
    tileId: string;
    anchor: { q: number; r: number };
    rotation: number;
    act: number;
    clues: number;
    hexes: Array<{ q: number; r: number; terrain: string; storm: boolean; enemyShipSpawn: boolean; altarPurged?: boolean }>;
  }>;
  ships: ShipView[];
  /** Enemy ships on the board, with the check that defeats each (from its ship card). */
  enemyShips: Array<{ enemyShipId: string; cardId: string; name: string; hex: { q: number; r: number }; facing: number; defeat: CheckDefinition }>;
  characters: CharacterView[];
  /**
   * Every card this view names (hands it may see, discards, loot, revealed plunder) by id: its
   * name, type and powers, so a client can draw them. Only cards the view shows are listed, so
   * the list itself never hints at a hidden card.
   */
  cards: Record<string, Pick<CardDefinition, 'name' | 'type' | 'powers'>>;
  /** The scenario's ship cards by id (player ships, enemy ships, the pool): checks, powers, deck. */
  shipCards: Record<string, Omit<ShipCardDefinition, 'cardId'>>;
  /** The party's loot, once the scenario is won. */
  loot?: string[];
  /** Whose move it is and what the game waits for. */
  waitingFor: WaitingFor;
  /** What the next Undo would take back and which seats may send it now (null: nothing, or a past view). */
  undo: HistoryStep | null;
  /** What the next Redo would re-apply and which seats may send it now. */
  redo: HistoryStep | null;
  /** Takebacks by consent: the latest request and what a new one may reach back to (null: none apply, or a past view). */
  takeback: TakebackView | null;
}

/** One way to answer a pending state. */
export interface PendingResponse {
  command: 'ReduceStructuralDamage' | 'ResolveStructuralDamage' | 'ChoosePlunderType';
  /** The seats that may send it. */
  seats: number[];
  /** Optional responses may be skipped; the game goes on once a required one is sent. */
  required: boolean;
  /** Allowed values of the command's field, where it has a fixed set. */
  values?: { field: string; allowed: string[] };
}

export type PendingView = NonNullable<GameState['pending']> & { respond: PendingResponse[] };

const PLUNDER_CARD_TYPES = PLUNDER_TYPES;

/** [S] the damage window: any seat may reduce, the active seat resolves; a plunder choice is the active seat's. */
function pendingView(state: GameState): PendingView | null {
  const pending = state.pending;
  if (!pending) return null;
  const active = state.turn ? [state.turn.seat] : [];
  const respond: PendingResponse[] =
    pending.kind === 'structural-damage'
      ? [
          { command: 'ReduceStructuralDamage', seats: state.seats.map((s) => s.seat), required: false },
          { command: 'ResolveStructuralDamage', seats: active, required: true },
        ]
      : [{ command: 'ChoosePlunderType', seats: active, required: true, values: { field: 'cardType', allowed: [...PLUNDER_CARD_TYPES] } }];
  return { ...structuredClone(pending), respond };
}

function cardCatalogue(state: GameState, ids: string[]): BoardView['cards'] {
  const cards: BoardView['cards'] = {};
  for (const id of ids) {
    const card = Object.prototype.hasOwnProperty.call(state.cards, id) ? state.cards[id] : undefined;
    if (card) cards[id] = { name: card.name, type: card.type, powers: { ...card.powers } };
  }
  return cards;
}

export interface BoardViewOptions {
  /** Show hidden information to everyone: by default once the scenario is over. */
  reveal?: boolean;
  /** The game's history now (GameHistory.undoable()/redoable()); a past view has none. */
  history?: { undo: HistoryStep | null; redo: HistoryStep | null; takeback?: TakebackView | null };
  /** The seats bots play (folded from the log: who plays a seat is not on the board). */
  bots?: Array<{ seat: number; bot: string }>;
  /** The seats claimed into a profile since the game was created (folded from the log, like bots): each shows its profile's name and id. */
  claims?: SeatClaims;
}

/** The board's hexes grouped by tile, in board order: one pass, not one per tile. */
function hexesByTile(state: GameState): Map<string, BoardHex[]> {
  const byTile = new Map<string, BoardHex[]>();
  for (const hex of Object.values(state.hexes)) {
    const list = byTile.get(hex.tileId);
    if (list) list.push(hex);
    else byTile.set(hex.tileId, [hex]);
  }
  return byTile;
}

export function boardView(state: GameState, revision: number, viewer: Viewer, options: BoardViewOptions = {}): BoardView {
  const party = partyView(state, viewer, { reveal: options.reveal ?? isGameOver(state.status) });
  const hexes = hexesByTile(state);
  return {
    gameId: state.gameId,
    scenario: { id: state.scenarioId, name: state.scenarioName },
    revision,
    status: state.status,
    mode: state.mode,
    round: state.round,
    activeSeat: state.turn?.seat ?? null,
    ordersLeft: state.turn?.ordersLeft ?? 0,
    act: state.act,
    clues: state.clues,
    clueGoal: state.clueGoal,
    blessings: { ...state.blessings },
    navigation: state.navigation ? { shipId: state.navigation.shipId, pointsLeft: state.navigation.pointsLeft } : null,
    pending: pendingView(state),
    unplacedTiles: state.stack.length,
    seats: options.claims ? claimedSeats(state.seats, options.claims) : state.seats,
    bots: options.bots ?? [],
    tiles: state.tiles.map((tile) => ({
      tileId: tile.tileId,
      anchor: tile.anchor,
      rotation: tile.rotation,
      act: tile.act,
      clues: tile.clues,
      hexes: (hexes.get(tile.tileId) ?? []).map((h) => ({
        q: h.q,
        r: h.r,
        terrain: h.terrain,
        storm: h.storm,
        enemyShipSpawn: h.enemyShipSpawn,
        ...(h.terrain === 'altar' ? { altarPurged: state.purgedAltars.includes(`${h.q},${h.r}`) } : {}),
      })),
    })),
    ships: party.ships,
    enemyShips: Object.values(state.enemyShips).map(({ enemyShipId, cardId, name, hex, facing }) => ({
      enemyShipId,
      cardId,
      name,
      hex,
      facing,
      defeat: structuredClone(state.shipCards[cardId]?.defeat ?? { steps: [] }),
    })),
    characters: party.characters,
    cards: cardCatalogue(state, [
      ...party.characters.flatMap((c) => [...(c.hand ?? []), ...c.discard]),
      ...party.ships.flatMap((s) => s.plunder.cards ?? []),
      ...(state.status === 'won' ? party.loot : []),
    ]),
    shipCards: Object.fromEntries(Object.values(state.shipCards).map(({ cardId, ...card }) => [cardId, structuredClone(card)])),
    ...(state.status === 'won' ? { loot: party.loot } : {}),
    waitingFor: waitingFor(state),
    undo: options.history?.undo ?? null,
    redo: options.history?.redo ?? null,
    takeback: options.history?.takeback ?? null,
  };
}
