import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PersonalDataVault } from '@logbook/game-log';
import { SqlitePersonalDataKeys } from './sqlite-personal-data-keys';

describe('the SQLite key file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'logbook-keys-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const bytesOf = (file: string) => Buffer.concat([file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f)));

  it('keeps no byte of a forgotten key, in the file or its WAL, while it is open and after', async () => {
    const file = join(dir, 'keys.sqlite');
    const keys = new SqlitePersonalDataKeys(file);
    const vault = new PersonalDataVault(keys);
    const sealed = new Map<string, string>();
    for (let i = 0; i < 200; i++) sealed.set(`seat:game-${i}:1`, await vault.seal(`seat:game-${i}:1`, `name ${i}`, `game-${i}`));
    const subject = 'seat:game-100:1';
    const key = keys.find(subject) as Buffer;
    expect(bytesOf(file).indexOf(key)).toBeGreaterThanOrEqual(0);
    await vault.forget(subject);
    expect(bytesOf(file).indexOf(key)).toBe(-1);
    expect(await vault.open(sealed.get(subject) as string)).toBeNull();
    expect(await vault.open(sealed.get('seat:game-99:1') as string)).toBe('name 99');
    keys.close();
    expect(bytesOf(file).indexOf(key)).toBe(-1);
    // Reopened: the tombstone holds, and sealing that subject again seals nothing readable.
    const again = new PersonalDataVault(new SqlitePersonalDataKeys(file));
    expect(await again.open(sealed.get(subject) as string)).toBeNull();
    expect(await again.open(await again.seal(subject, 'a new name'))).toBeNull();
    expect(await again.gamesOf(subject)).toEqual(['game-100']);
    await again.close();
  });

  it('opens nothing sealed under another key or subject, nor an altered value', async () => {
    const vault = new PersonalDataVault(new SqlitePersonalDataKeys(join(dir, 'keys.sqlite')));
    const sealed = await vault.seal('seat:g:1', 'Ana');
    expect(await vault.open(sealed)).toBe('Ana');
    expect(await vault.open(sealed.replace('seat:g:1', 'seat:g:2'))).toBeNull();
    const payload = sealed.slice(sealed.lastIndexOf(':') + 1);
    const flipped = Buffer.from(payload, 'base64url');
    flipped[flipped.length - 1] ^= 1;
    expect(await vault.open(sealed.replace(payload, flipped.toString('base64url')))).toBeNull();
    expect(await vault.open(`${sealed.slice(0, sealed.lastIndexOf(':') + 1)}${randomBytes(40).toString('base64url')}`)).toBeNull();
    await vault.close();
  });
});
