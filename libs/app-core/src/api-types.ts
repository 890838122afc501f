// The answers of the server's HTTP endpoints that are not read models of their own: the server
// returns these and the browser page compiles against them, so a field that drifts is a compile
// error on both sides. Type imports only: the page type-imports this file and bundles nothing.
import type { LegalCommand, WaitingFor } from '@logbook/rules';

/** `POST /games`: the new game and each seat's token (shown once). */
export interface CreatedGame {
  gameId: string;
  revision: number;
  seats: Array<{ seat: number; name: string; token: string }>;
}

/** `GET /games/:id/options`: what the caller's seat may send now, each with its button's words. */
export interface GameOptions {
  revision: number;
  seat: number | null;
  waitingFor: WaitingFor;
  options: Array<LegalCommand & { label: string }>;
}

/** One entry of `GET /scenarios`. */
export interface ScenarioSummary {
  id: string;
  name: string;
  description: string | null;
  /** How many players may sit at it. */
  seats: { min: number; max: number };
  /** The characters seats play, in seat order. */
  characters: Array<{ characterId: string; name: string }>;
}

/** `GET /games/:id/hint`: what the greedy bot would send now for the caller's seat, and why; null when the game does not wait for it. */
export interface GameHint {
  revision: number;
  seat: number;
  hint: { command: LegalCommand['command']; label: string; why: string } | null;
}
