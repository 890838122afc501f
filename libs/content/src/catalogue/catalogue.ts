// The content catalogue: cards, ship cards, map tiles and enemies defined once (catalogue.json)
// and referenced by id from scenario documents. A scenario's `cards`, `shipCards`, `tiles` and
// `enemyPool` lists may hold, entry by entry, either a whole definition (inline, as before) or
// the id of a catalogue entry; references are resolved before the document is validated.
import catalogue from './catalogue-data.json';

/** Which catalogue section each scenario list draws from, and the field that names an entry. */
const SECTIONS = {
  cards: { section: 'cards', idField: 'cardId' },
  shipCards: { section: 'shipCards', idField: 'cardId' },
  tiles: { section: 'tiles', idField: 'tileId' },
  enemyPool: { section: 'enemies', idField: 'enemyId' },
} as const;

type Section = (typeof SECTIONS)[keyof typeof SECTIONS]['section'];

const index = (section: Section, idField: string): Map<string, unknown> =>
  new Map((catalogue[section] as Array<Record<string, unknown>>).map((entry) => [String(entry[idField]), entry]));

const ENTRIES: Record<Section, Map<string, unknown>> = {
  cards: index('cards', 'cardId'),
  shipCards: index('shipCards', 'cardId'),
  tiles: index('tiles', 'tileId'),
  enemies: index('enemies', 'enemyId'),
};

/** The ids the catalogue defines, per section (for documentation and error messages). */
export const catalogueIds = (): Record<Section, string[]> => ({
  cards: [...ENTRIES.cards.keys()],
  shipCards: [...ENTRIES.shipCards.keys()],
  tiles: [...ENTRIES.tiles.keys()],
  enemies: [...ENTRIES.enemies.keys()],
});

export type ResolvedDocument = { ok: true; doc: unknown } | { ok: false; errors: string[] };

/**
 * Replaces every catalogue reference (a string where a definition is expected) with a copy of the
 * catalogue's entry. An unknown id is an error naming the list, the position and the known ids.
 * Anything else is left as it is, for validation to judge.
 */
export function resolveCatalogueReferences(doc: unknown): ResolvedDocument {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { ok: true, doc };
  const resolved: Record<string, unknown> = { ...(doc as Record<string, unknown>) };
  const errors: string[] = [];
  for (const [list, { section }] of Object.entries(SECTIONS)) {
    const entries = resolved[list];
    if (!Array.isArray(entries)) continue;
    resolved[list] = entries.map((entry: unknown, i) => {
      if (typeof entry !== 'string') return entry;
      const found = ENTRIES[section].get(entry);
      if (found === undefined) {
        errors.push(`${list}[${i}]: "${entry.slice(0, 100)}" is not in the content catalogue's ${section}; known: ${[...ENTRIES[section].keys()].join(', ')}`);
        return entry;
      }
      return structuredClone(found);
    });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, doc: resolved };
}
