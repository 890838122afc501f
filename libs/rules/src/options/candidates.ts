// Every command a seat could send now, with its parameters enumerated where they are finite:
// the candidates legalCommands tries. Check choices are enumerated as "the best option", each
// option index for every step, and each single boon from the hand; richer combinations (an
// option per step, several boons) are legal too when each part is, and are not listed.
import type { CheckChoice } from '../checks/check';
import type { GameCommand } from '../commands';
import type { NavigationStep } from '../navigation/navigation.commands';
import { PLUNDER_TYPES } from '../plunder/plunder';
import type { CheckDefinition } from '../scenario';
import type { CharacterState, GameState } from '../state';

const ROTATIONS = [0, 1, 2, 3, 4, 5] as const;

/** The explore variants: the first rotation that fits, or each rotation named. */
export const exploreVariants = (): Array<{ rotation?: (typeof ROTATIONS)[number] }> => [{}, ...ROTATIONS.map((rotation) => ({ rotation }))];

export function checkChoices(check: CheckDefinition | undefined, character: CharacterState | undefined, state: GameState): CheckChoice[] {
  const choices: CheckChoice[] = [{}];
  const options = Math.max(0, ...(check?.steps ?? []).map((s) => s.options.length));
  for (let option = 0; option < options; option++) choices.push({ option });
  for (const cardId of new Set(character?.hand ?? [])) {
    if (state.cards[cardId]?.powers.addDie) choices.push({ boons: [cardId] });
  }
  return choices;
}

const characterOf = (state: GameState, seat: number): CharacterState | undefined => {
  const seatState = state.seats.find((s) => s.seat === seat);
  return seatState ? state.characters[seatState.characterId] : undefined;
};

/** The candidates for `seat`; `wide` adds ids of other seats' ships and made-up ones (for tests). */
export function candidateCommands(state: GameState, seat: number, wide = false): GameCommand[] {
  const character = characterOf(state, seat);
  const own = character?.shipId ? state.ships[character.shipId] : undefined;
  const ships = wide ? Object.values(state.ships) : own ? [own] : [];
  const out: GameCommand[] = [];
  const steps: NavigationStep[] = [
    { action: 'move' },
    { action: 'turn', direction: 'cw' },
    { action: 'turn', direction: 'ccw' },
    ...exploreVariants().map((v) => ({ action: 'explore' as const, ...v })),
  ];
  out.push(
    { type: 'StartNavigation' },
    { type: 'MoveShip' },
    { type: 'TurnShip', direction: 'cw' },
    { type: 'TurnShip', direction: 'ccw' },
    ...exploreVariants().map((v) => ({ type: 'ExploreTile' as const, ...v })),
    { type: 'EndNavigation' },
    ...steps.map((step) => ({ type: 'Navigate' as const, steps: [step] })),
    { type: 'DropAnchor' },
    { type: 'WeighAnchor' },
    { type: 'EndTurn' },
    { type: 'LootShipwreck' },
    { type: 'Disembark' },
    { type: 'SetFollowShip', follow: true },
    { type: 'SetFollowShip', follow: false },
    { type: 'ResolveStructuralDamage' },
    ...PLUNDER_TYPES.map((cardType) => ({ type: 'ChoosePlunderType' as const, cardType })),
  );
  for (const ship of ships) {
    for (const crew of ship.crew) for (const node of ship.nodes) out.push({ type: 'MoveCrew', crewId: crew.crewId, node });
    for (const enemy of ship.enemiesOnDeck) {
      for (const choice of checkChoices(enemy.check, character, state)) out.push({ type: 'RepelEnemy', enemyId: enemy.enemyId, ...choice });
    }
  }
  if (own) {
    for (const choice of checkChoices(state.shipCards[own.cardId]?.repair, character, state)) out.push({ type: 'AttemptRepair', ...choice });
  }
  for (const shipId of Object.keys(state.ships)) out.push({ type: 'Embark', shipId });
  for (const enemy of Object.values(state.enemyShips)) {
    for (const choice of checkChoices(state.shipCards[enemy.cardId]?.defeat, character, state)) {
      out.push({ type: 'EngageShip', enemyShipId: enemy.enemyShipId, ...choice });
      out.push({ type: 'EngageShip', enemyShipId: enemy.enemyShipId, seize: true, ...choice });
    }
  }
  for (const hex of Object.values(state.hexes)) {
    if (hex.terrain !== 'altar') continue;
    for (const choice of checkChoices(hex.altarCheck ?? state.altarCheck, character, state)) {
      out.push({ type: 'PurgeAltar', hex: { q: hex.q, r: hex.r }, ...choice });
    }
  }
  for (const cardId of new Set(character?.hand ?? [])) {
    out.push({ type: 'ReduceStructuralDamage', play: [cardId] }, { type: 'ReduceStructuralDamage', discard: [cardId] });
  }
  if (wide) {
    out.push(
      { type: 'MoveCrew', crewId: 'nobody', node: 'navigation-1' },
      { type: 'Embark', shipId: 'raft' },
      { type: 'EngageShip', enemyShipId: 'no-such-ship' },
      { type: 'RepelEnemy', enemyId: 'no-such-enemy' },
      { type: 'ReduceStructuralDamage', discard: ['no-such-card'] },
      { type: 'PurgeAltar', hex: { q: 99, r: 99 } },
      { type: 'AttemptRepair', option: 7 },
    );
  }
  return out;
}
