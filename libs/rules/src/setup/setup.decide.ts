import { defined } from '../invariant';
import type { Decision } from '../decision';
import { ensure } from '../errors';
import { shuffle } from '../random';
import { CARD_TYPES, type CardType } from '../scenario';
import { dealOpeningHands } from '../characters/characters.setup';
import { stashSetupPlunder } from '../plunder/plunder';
import { startFirstTurn } from '../turn/turn.decide';
import type { CreateGame } from './setup.commands';
import type { PublicScenario } from './setup.events';

/** [D §1] co-operative, 1–4 seats, each playing one of the scenario's characters. */
export const MAX_SEATS = 4;

export function decideCreateGame(decision: Decision, command: CreateGame): void {
  const { scenario, players } = command;
  ensure(players.length >= 1 && players.length <= MAX_SEATS, 'setup.seat-count', `A game has 1 to ${MAX_SEATS} seats`);
  ensure(
    players.length <= scenario.characters.length,
    'setup.not-enough-characters',
    `Scenario ${scenario.id} has ${scenario.characters.length} characters for ${players.length} players`,
  );

  const { stack, box, characters: all, tiles, stackOrder: _stackOrder, ...rest } = scenario;
  const starting = new Set(scenario.startingTiles.map((t) => t.tileId));
  // Only the characters that seats play are in the game.
  const characters = all.slice(0, players.length);
  const publicScenario: PublicScenario = {
    ...rest,
    characters: characters.map(({ deck, ...c }) => ({ ...c, deckSize: deck.length })),
    stackSize: stack.length,
    tiles: tiles.filter((t) => starting.has(t.tileId)),
  };
  const boxByType = Object.fromEntries(CARD_TYPES.map((t) => [t, [] as string[]])) as Record<CardType, string[]>;
  const cardTypes = new Map(scenario.cards.map((c) => [c.cardId, c.type]));
  for (const cardId of box) boxByType[defined(cardTypes.get(cardId), `card ${cardId} in the box`)].push(cardId);

  decision.emit({
    type: 'GameCreated',
    data: {
      gameId: command.gameId,
      mode: command.mode,
      seats: players.map((p, i) => ({
        seat: i + 1,
        name: p.name,
        characterId: defined(characters[i], `character ${i}`).characterId,
        ...(p.playerId === undefined ? {} : { playerId: p.playerId }),
      })),
      scenario: publicScenario,
    },
    secret: {
      visibleTo: [],
      data: {
        stack: [...stack],
        unplacedTiles: tiles.filter((t) => !starting.has(t.tileId)),
        box: boxByType,
        decks: Object.fromEntries(characters.map((c) => [c.characterId, shuffle(decision.rng, c.deck)])),
      },
    },
  });
  dealOpeningHands(decision);
  stashSetupPlunder(decision);
  startFirstTurn(decision);
  shuffleTileStack(decision, scenario);
  // Recorded after the setup's draws, so a game without bots logs what it always did.
  players.forEach((p, i) => {
    if (p.bot !== undefined) decision.emit({ type: 'SeatHandedToBot', data: { seat: i + 1, bot: p.bot, by: 'setup' } });
  });
}

/**
 * [D] the tiles of each act are shuffled at setup: the scenario file is public, so its listed
 * order would be known to every player. The new order is a secret (no one sees it until the game
 * is over). Drawn last in the setup, so every other setup draw is what it was before tiles were
 * shuffled. `stackOrder: 'as-listed'` keeps a designed order (nothing is drawn or recorded).
 */
function shuffleTileStack(decision: Decision, scenario: CreateGame['scenario']): void {
  if (scenario.stackOrder === 'as-listed' || scenario.stack.length < 2) return;
  const acts = new Map(scenario.tiles.map((t) => [t.tileId, t.act]));
  const stack = ([1, 2, 3] as const).flatMap((act) =>
    shuffle(
      decision.rng,
      scenario.stack.filter((id) => acts.get(id) === act),
    ),
  );
  decision.emit({ type: 'TileStackShuffled', data: { stackSize: stack.length }, secret: { visibleTo: [], data: { stack } } });
}
