// The board view: a game's state as one viewer may see it. Who may see which card is decided
// by the rules' partyView; this adds the board, the turn and the clock around it.
import {
  isGameOver,
  partyView,
  waitingFor,
  type BoardHex,
  type CharacterView,
  type GameState,
  type HistoryStep,
  type ShipView,
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
  pending: GameState['pending'];
  unplacedTiles: number;
  seats: GameState['seats'];
  tiles: Array<{
    tileId: string;
    anchor: { q: number; r: number };
    rotation: number;
    act: number;
    clues: number;
    hexes: Array<{ q: number; r: number; terrain: string; storm: boolean; enemyShipSpawn: boolean; altarPurged?: boolean }>;
  }>;
  ships: ShipView[];
  enemyShips: Array<{ enemyShipId: string; name: string; hex: { q: number; r: number }; facing: number }>;
  characters: CharacterView[];
  /** The party's loot, once the scenario is won. */
  loot?: string[];
  /** Whose move it is and what the game waits for. */
  waitingFor: WaitingFor;
  /** What the next Undo would take back and which seats may send it now (null: nothing, or a past view). */
  undo: HistoryStep | null;
  /** What the next Redo would re-apply and which seats may send it now. */
  redo: HistoryStep | null;
}

export interface BoardViewOptions {
  /** Show hidden information to everyone: by default once the scenario is over. */
  reveal?: boolean;
  /** The game's history now (GameHistory.undoable()/redoable()); a past view has none. */
  history?: { undo: HistoryStep | null; redo: HistoryStep | null };
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
    pending: state.pending,
    unplacedTiles: state.stack.length,
    seats: state.seats,
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
    enemyShips: Object.values(state.enemyShips).map(({ enemyShipId, name, hex, facing }) => ({ enemyShipId, name, hex, facing })),
    characters: party.characters,
    ...(state.status === 'won' ? { loot: party.loot } : {}),
    waitingFor: waitingFor(state),
    undo: options.history?.undo ?? null,
    redo: options.history?.redo ?? null,
  };
}
