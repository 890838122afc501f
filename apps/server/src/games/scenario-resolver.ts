import { BadRequestException, Injectable } from '@nestjs/common';
import { builtInScenario, builtInScenarioIds, parseScenario } from '@logbook/content';
import type { ScenarioDefinition } from '@logbook/rules';

/** Turns `scenario` of POST /games (a built-in id or an inline document) into a valid scenario. */
@Injectable()
export class ScenarioResolver {
  resolve(input: unknown): ScenarioDefinition {
    if (typeof input === 'string') {
      const scenario = builtInScenario(input);
      if (!scenario) throw new BadRequestException(`scenario: unknown built-in scenario; known: ${builtInScenarioIds().join(', ')}`);
      return scenario;
    }
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      throw new BadRequestException('scenario must be a built-in scenario id or a scenario document');
    }
    const parsed = parseScenario(input);
    if (!parsed.ok) throw new BadRequestException(parsed.errors.map((e) => `scenario.${e}`));
    return parsed.scenario;
  }
}
