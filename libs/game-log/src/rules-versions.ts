// Which rules a game's log was decided under, as the log records it: the first event's metadata
// holds the rules version and the scenario document's digest (`rulesVersion`); an action decided
// after a deploy found the log to decide the same records the new version on its first event;
// a migration (`GameMigrated`) records the version it moved the game to. The latest counts.
import type { EventMetadata } from '@logbook/event-store';
import type { RulesVersion, ScenarioDefinition } from '@logbook/rules';
import { sha256 } from './sha256';
import { stableStringify } from './stable-json';
import type { LogEvent } from './redecide';

/** The metadata key of the recorded rules version. */
export const RULES_VERSION_KEY = 'rulesVersion';

/** The first 128 bits of the SHA-256 of the scenario document's stable JSON, base64url. */
export const scenarioDigest = (scenario: ScenarioDefinition): string => sha256(stableStringify(scenario)).subarray(0, 16).toString('base64url');

const isVersion = (value: unknown): value is RulesVersion =>
  value !== null && typeof value === 'object' && typeof (value as { rules?: unknown }).rules === 'string';

/** The rules version an event records (its metadata's, or the one a migration moved to), if any. */
export function recordedRulesVersion(event: Pick<LogEvent, 'type' | 'data' | 'metadata'>): RulesVersion | undefined {
  const recorded = (event.metadata as EventMetadata | undefined)?.[RULES_VERSION_KEY];
  if (isVersion(recorded)) return recorded;
  if (event.type === 'GameMigrated') {
    const toVersion = ((event.data as { data?: { toVersion?: unknown } } | undefined)?.data ?? {}).toVersion;
    if (typeof toVersion === 'string') return { rules: toVersion };
  }
  return undefined;
}

/** The rules version a log was last decided under (null: recorded before versions were kept). */
export function logRulesVersion(events: readonly Pick<LogEvent, 'type' | 'data' | 'metadata'>[]): string | null {
  let version: string | null = null;
  for (const event of events) version = recordedRulesVersion(event)?.rules ?? version;
  return version;
}
