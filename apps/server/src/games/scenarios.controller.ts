import { Controller, Get } from '@nestjs/common';
import { RateBudget } from '../http/edge-route';
import type { ScenarioSummary } from '@logbook/app-core';
import { builtInScenario, builtInScenarioIds } from '@logbook/content';

/** [D §1] a game has 1 to 4 seats, and no more than the scenario has characters. */
const MAX_SEATS = 4;

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
