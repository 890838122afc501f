import { Client } from 'pg';
import { createTestDatabase } from './test-database';

describe('the specs’ PostgreSQL', () => {
  it('gives each spec a database of its own, and drops it', async () => {
    const [a, b] = await Promise.all([createTestDatabase('one'), createTestDatabase('one')]);
    expect(a.name).not.toBe(b.name);
    const client = new Client({ connectionString: a.url });
    await client.connect();
    const { rows } = await client.query<{ db: string; sync: string }>('SELECT current_database() AS db, current_setting($1) AS sync', ['synchronous_commit']);
    await client.end();
    expect(rows[0]).toEqual({ db: a.name, sync: 'on' });
    await Promise.all([a.drop(), b.drop()]);
    const check = new Client({ connectionString: a.url });
    await expect(check.connect()).rejects.toThrow(/does not exist/);
    await check.end().catch(() => undefined);
  });
});
