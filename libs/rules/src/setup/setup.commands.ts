import type { DomainCommand } from '../event';
import type { ScenarioDefinition } from '../scenario';
import type { GameMode } from '../state';

export interface CreateGame extends DomainCommand<'CreateGame'> {
  gameId: string;
  scenario: ScenarioDefinition;
  /** One per seat; `bot` names the bot that plays the seat from the start (the server checks the name). */
  /** One per seat; `playerId` when the seat is taken with a profile (the caller has checked its secret). */
  players: Array<{ name: string; bot?: string; playerId?: string }>;
  mode: GameMode;
}
