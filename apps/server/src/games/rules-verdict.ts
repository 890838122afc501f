// What a server found when it decided a game's log again under its rules (rules-check.ts): a
// neutral file, read by the repository that keeps it, the check that makes it and the error that cites it.

/** What re-deciding a game's log under the rules `version` found. */
export interface RulesVerdict {
  version: string;
  /** The first action decided differently (then the game is frozen), or null. */
  divergedAt: FrozenAt | null;
}

/** Where a frozen game's log parts from today's rules: what players may be shown (no event content). */
export interface FrozenAt {
  /** 1-based, among the game's actions. */
  action: number;
  commandId: string;
  commandType: string | null;
  /** The first revision whose event today's rules decide differently. */
  revision: number;
  /** The rule id, when today's rules refuse the command. */
  refusedBy?: string;
}
