import type { CardType } from '../scenario';

/** [S] the plunder table: 1 weapon, 2 spell, 3 armor, 4 item, 5 ally, 6 choose one of those five. */
export const PLUNDER_TYPES = ['weapon', 'spell', 'armor', 'item', 'ally'] as const satisfies readonly CardType[];
/** A card type a plunder can be: every type but blessings. */
export type PlunderType = (typeof PLUNDER_TYPES)[number];

export const isPlunderType = (cardType: string): cardType is PlunderType => (PLUNDER_TYPES as readonly string[]).includes(cardType);
