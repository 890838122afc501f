import type { DomainCommand } from '../event';
import type { ScenarioDefinition } from '../scenario';
import type { GameMode } from '../state';

export interface CreateGame extends DomainCommand<'CreateGame'> {
  gameId: string;
  scenario: ScenarioDefinition;
  players: Array<{ name: string }>;
  mode: GameMode;
}
