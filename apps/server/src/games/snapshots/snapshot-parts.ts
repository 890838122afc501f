// What a loaded game keeps beside its history, in the shapes a snapshot stores them (the
// repository and the snapshot codec share them; neither imports the other's file for them).

export interface CommandRecord {
  /** Fingerprint of the command body, to refuse a reused commandId with other content. */
  fingerprint: string;
  firstRevision: number;
  lastRevision: number;
  /** Who sent it and when (its first event's metadata), for events read from mid-action. */
  seat?: number | null;
  recordedAt?: string | null;
}

/** What a game opened from a snapshot knows of the log its history does not hold (up to `revision`). */
export interface LogBefore {
  revision: number;
  /** How many notes it holds (countNotes). */
  notes: number;
  /** Its seat handovers (SeatHandedToBot, SeatTakenBack) and claims (SeatClaimed), each with its revision: who played and held each seat when. */
  handovers: Array<{ revision: number; type: string; data: unknown }>;
}
