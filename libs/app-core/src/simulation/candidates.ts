// The commands a seat could send now, as a superset of what the rules accept: used by the bots
// until (and beside) the rules library's own `legalCommands`. The simulator tries a bot's choice
// with `decide` and drops it when refused, so a candidate that turns out illegal costs one try.
import { CARD_TYPES, areAdjacent, type GameCommand, type GameState, type TurnDirection } from '@logbook/rules';

export type PlayCommand = Exclude<GameCommand, { type: 'CreateGame' }>;

const PLUNDER_CHOICES = CARD_TYPES.filter((t) => t !== 'blessing');

export function candidateCommands(state: GameState, seat: number): PlayCommand[] {
  if (state.status !== 'active') return [];
  const out: PlayCommand[] = [];
  const active = state.turn?.seat === seat;
  const seatState = state.seats.find((s) => s.seat === seat);
  const character = seatState ? state.characters[seatState.characterId] : undefined;
  const pending = state.pending;
  if (pending?.kind === 'structural-damage') {
    for (const card of new Set(character?.hand ?? [])) {
      out.push({ type: 'ReduceStructuralDamage', discard: [card] });
      if (state.cards[card]?.powers.reduceStructuralDamage) out.push({ type: 'ReduceStructuralDamage', play: [card] });
    }
    if (active) out.push({ type: 'ResolveStructuralDamage' });
    return out;
  }
  if (pending?.kind === 'plunder-choice') {
    if (active) for (const cardType of PLUNDER_CHOICES) out.push({ type: 'ChoosePlunderType', cardType });
    return out;
  }
  if (!active || !character) return out;
  if (state.navigation) {
    out.push({ type: 'MoveShip' }, { type: 'ExploreTile' });
    for (const direction of ['cw', 'ccw'] as TurnDirection[]) out.push({ type: 'TurnShip', direction });
    out.push({ type: 'EndNavigation' });
    return out;
  }
  out.push({ type: 'EndTurn' });
  const ship = character.shipId ? state.ships[character.shipId] : undefined;
  if (!ship) {
    for (const s of Object.values(state.ships)) {
      if (s.hex.q === character.hex.q && s.hex.r === character.hex.r) out.push({ type: 'Embark', shipId: s.shipId });
    }
    return out;
  }
  if (state.turn?.repairAvailable && ship.wrecked) out.push({ type: 'AttemptRepair' });
  if ((state.turn?.ordersLeft ?? 0) <= 0) return out;
  out.push({ type: 'StartNavigation' });
  out.push(ship.anchored ? { type: 'WeighAnchor' } : { type: 'DropAnchor' });
  for (const crew of ship.crew) {
    for (const node of ship.nodes) {
      if (node !== crew.node && !ship.crew.some((c) => c.node === node) && !ship.enemiesOnDeck.some((e) => e.node === node)) {
        out.push({ type: 'MoveCrew', crewId: crew.crewId, node });
      }
    }
  }
  for (const enemy of ship.enemiesOnDeck) out.push({ type: 'RepelEnemy', enemyId: enemy.enemyId });
  for (const enemyShip of Object.values(state.enemyShips)) {
    if (areAdjacent(enemyShip.hex, ship.hex)) out.push({ type: 'EngageShip', enemyShipId: enemyShip.enemyShipId, seize: true });
  }
  for (const hex of Object.values(state.hexes)) {
    if (hex.terrain === 'altar' && areAdjacent(hex, ship.hex) && !state.purgedAltars.includes(`${hex.q},${hex.r}`)) {
      out.push({ type: 'PurgeAltar', hex: { q: hex.q, r: hex.r } });
    }
  }
  const here = state.hexes[`${ship.hex.q},${ship.hex.r}`];
  if (here?.terrain === 'shipwreck' && !state.lootedWrecks.includes(`${here.q},${here.r}`)) out.push({ type: 'LootShipwreck' });
  if (here?.terrain === 'port') out.push({ type: 'Disembark' });
  return out;
}
