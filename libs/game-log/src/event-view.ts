// An event as one viewer may see it, and what a command answers: the server's events endpoint,
// live feed and command answers send these, and the browser page compiles against the same types
// (this file has no imports, so the page can type-import it without pulling anything in).

export interface EventView {
  revision: number;
  type: string;
  data: unknown;
  secret?: unknown;
  /** The action it belongs to, who sent it (null: the system) and when (on /events and /live). */
  commandId?: string | null;
  seat?: number | null;
  recordedAt?: string | null;
}

export interface CommandResult {
  revision: number;
  events: EventView[];
}
