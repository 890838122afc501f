// Environment variables for the servers a spec starts: set before the enclosing block's first test
// (and before its own `beforeAll`s, when called above them) and put back as they were after its
// last, so no other spec's server is started with them.

/** Sets these variables for the enclosing `describe` (or the file, at top level). */
export function useEnv(vars: Record<string, string>): void {
  const before = new Map<string, string | undefined>();
  beforeAll(() => {
    for (const [name, value] of Object.entries(vars)) {
      before.set(name, process.env[name]);
      process.env[name] = value;
    }
  });
  afterAll(() => {
    for (const [name, value] of before) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}

/** Sets LOGBOOK_ADMIN_TOKEN, the operator's token, to `token` for the enclosing block. */
export const useOperatorToken = (token: string): void => useEnv({ LOGBOOK_ADMIN_TOKEN: token });
