import type { DomainCommand } from '../event';
import type { ScenarioDefinition } from '../scenario';
import type { GameMode } from '../state';

export interface CreateGame extends DomainCommand<'CreateGame'> {
  gameId: string;
  scenario: ScenarioDefinition;
  /** One per seat; `bot` names the bot that plays the seat from the start (the server checks the name). */
  players: Array<{ name: string; bot?: string }>;
  mode: GameMode;
}
