import { Controller, Get } from '@nestjs/common';
import { RateBudget } from '../http/edge-route';
import { builtInScenario, builtInScenarioIds } from '@logbook/content';

/** [D §1] a game has 1 to 4 seats, and no more than the scenario has characters. */
const MAX_SEATS = 4;

export interface ScenarioSummary {
  id: string;
  name: string;
  description: string | null;
  /** How many players may sit at it. */
  seats: { min: number; max: number };
  /** The characters seats play, in seat order. */
  characters: Array<{ characterId: string; name: string }>;
}

/** The built-in scenarios a game can be created from (POST /games { scenario: id }). */
@Controller('scenarios')
export class ScenariosController {
  @Get()
  @RateBudget('reads')
  list(): { scenarios: ScenarioSummary[] } {
    return {
      scenarios: builtInScenarioIds().flatMap((id) => {
        const s = builtInScenario(id);
        if (!s) return [];
        return {
          id: s.id,
          name: s.name,
          description: s.description ?? null,
          seats: { min: 1, max: Math.min(MAX_SEATS, s.characters.length) },
          characters: s.characters.map((c) => ({ characterId: c.characterId, name: c.name })),
        };
      }),
    };
  }
}
