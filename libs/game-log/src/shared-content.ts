// Which parts of a game's events are stored once, by content (see `withSharedContent` in
// libs/event-store): the large values that many games repeat. A fork's starting board carries
// the source's tile library, board hexes, cards and pieces' definitions, the same for every fork
// at one revision; a game's first event carries its scenario, the same for every game of it.
// The parts dealt again for a fork (stack, decks, plunder, hands) differ each time and stay inline.
import type { ContentPath, ContentPolicy, NewEvent } from '@logbook/event-store';

/**
 * GameState fields a fork's sealed board shares with its source and its siblings at one revision.
 * `box` and `ships` are dealt again only when ships hold plunder (a redrawn card leaves the box),
 * so forks of a game without plunder share them too.
 */
const FORK_STATE_PARTS = ['tileLibrary', 'hexes', 'tiles', 'cards', 'shipCards', 'enemyPool', 'enemyShips', 'enemyShipPool', 'box', 'ships'];

const FORK_PATHS: readonly ContentPath[] = [['data', 'board', 'covered'], ...FORK_STATE_PARTS.map((part) => ['secret', 'data', 'state', part])];

const CREATED_PATHS: readonly ContentPath[] = [
  ['data', 'scenario'],
  ['secret', 'data', 'unplacedTiles'],
];

/**
 * A created game's command carries its scenario as its secret part (re-validation decides it
 * again from it): the same document as the event's, in the metadata, which every read of the log
 * would otherwise parse once per game.
 */
const CREATED_METADATA_PATHS: readonly ContentPath[] = [['commandSecret', 'scenario']];

/** Below this a value costs less inline than its reference and a stream of its own. */
const MIN_SHARED_BYTES = 1024;

export const gameSharedContent: ContentPolicy = {
  minBytes: MIN_SHARED_BYTES,
  shareable: (event: NewEvent) => (event.type === 'GameForked' ? FORK_PATHS : event.type === 'GameCreated' ? CREATED_PATHS : undefined),
  shareableMetadata: (event: NewEvent) => (event.type === 'GameCreated' ? CREATED_METADATA_PATHS : undefined),
};
