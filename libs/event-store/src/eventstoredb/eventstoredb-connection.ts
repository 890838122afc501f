/**
 * KurrentDB is EventStoreDB renamed: same server protocol, new URI schemes. Client v6 parses
 * only `esdb://` and `esdb+discover://`, so a KurrentDB-style string (`kurrentdb://`,
 * `kurrent://`, `kdb://`, with or without `+discover`) is rewritten to its `esdb` twin and the
 * same adapter serves both. Hosts, credentials and options pass through untouched.
 */
export function normalizeConnectionString(connectionString: string): string {
  return connectionString.trim().replace(/^(?:kurrentdb|kurrent|kdb)(\+discover)?:\/\//i, (_match, discover = '') => `esdb${discover}://`);
}
