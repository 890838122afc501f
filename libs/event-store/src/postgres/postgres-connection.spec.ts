import { EventStoreAccessDeniedError, EventStoreUnavailableError } from '../errors';
import { postgresTarget, toStoreError } from './postgres-connection';

describe('a PostgreSQL URL', () => {
  it('gives the schema from ?schema=, asks every session for synchronous_commit=on, and masks the password', () => {
    const target = postgresTarget('postgres://logbook:s3cret@db:5432/games?schema=tenant_1&sslmode=disable');
    expect(target.schema).toBe('tenant_1');
    const sent = new URL(target.connectionString);
    expect(sent.searchParams.get('schema')).toBeNull();
    expect(sent.searchParams.get('options')).toBe('-c synchronous_commit=on');
    expect(sent.searchParams.get('sslmode')).toBe('disable');
    expect(target.shown).toBe('postgres://logbook:***@db:5432/games?schema=tenant_1&sslmode=disable');
  });

  it('keeps options of its own and adds the durability setting after them', () => {
    const target = postgresTarget('postgresql://u:p@db/x?options=-c%20statement_timeout%3D5000');
    expect(new URL(target.connectionString).searchParams.get('options')).toBe('-c statement_timeout=5000 -c synchronous_commit=on');
    expect(target.schema).toBe('public');
  });

  it.each([
    ['mysql://u:p@db/x', /must start with postgres:\/\//],
    ['not a url', /is not a URL/],
    ['postgres://u:p@db/x?schema=Bad-Name', /schema "Bad-Name" must be lower case/],
  ])('refuses %s', (url, message) => {
    expect(() => postgresTarget(url)).toThrow(message);
  });
});

describe('driver errors as the port says them', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['an administrator shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['a socket ended under a query', new Error('Connection terminated unexpectedly')],
    ['an answer that never came', new Error('Query read timeout')],
  ])('%s is an unavailable store (503, resend safely)', (_, error) => {
    expect(toStoreError(error)).toBeInstanceOf(EventStoreUnavailableError);
  });

  it('a refused password is access denied; a constraint violation stays itself', () => {
    expect(toStoreError(withCode('28P01', 'password authentication failed'))).toBeInstanceOf(EventStoreAccessDeniedError);
    const violation = withCode('23505', 'duplicate key');
    expect(toStoreError(violation)).toBe(violation);
  });
});
