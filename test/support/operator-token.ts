// The operator's token for the servers a spec starts: LOGBOOK_ADMIN_TOKEN is set before the
// enclosing block's first test (and before its own `beforeAll`s, when called above them) and put
// back as it was after its last, so no other spec's server is started with it.

/** Sets LOGBOOK_ADMIN_TOKEN to `token` for the enclosing `describe` (or the file, at top level). */
export function useOperatorToken(token: string): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.LOGBOOK_ADMIN_TOKEN;
    process.env.LOGBOOK_ADMIN_TOKEN = token;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.LOGBOOK_ADMIN_TOKEN;
    else process.env.LOGBOOK_ADMIN_TOKEN = before;
  });
}
