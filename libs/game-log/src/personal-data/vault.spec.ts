import { PersonalDataVault, type PersonalDataKeys } from './vault';

describe('the personal-data vault on a key table that fails', () => {
  /** Keys whose every call rejects, as a PostgreSQL table does while the server restarts. */
  const failingKeys = (): PersonalDataKeys => {
    const down = () => Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    return { shared: true, find: down, create: down, forget: down, noteUse: down, gamesOf: down, close: () => undefined };
  };

  it('rejects a seal whose key read and use note both fail, and leaves neither failure unhandled (which would end the process)', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    // Jest reports an unhandled rejection as a failure of the test that was running; this counts it too.
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(new PersonalDataVault(failingKeys()).seal('seat:g:1', 'Ana', 'g')).rejects.toThrow('administrator command');
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
