import type { RecordedEvent } from '../event-store.port';
import { UpcasterRegistry } from './upcaster-registry';

const recorded = (type: string, data: unknown, schemaVersion: number): RecordedEvent => ({
  id: 'e1',
  streamId: 'game-1',
  revision: 0,
  position: 1n,
  type,
  data,
  metadata: {},
  schemaVersion,
});

describe('UpcasterRegistry', () => {
  const registry = new UpcasterRegistry()
    .register('ShipMoved', 1, (data: { to: string }) => ({ column: data.to[0], row: Number(data.to.slice(1)) }))
    .register('ShipMoved', 2, (data: object) => ({ ...data, cost: 1 }));

  it('chains steps from the stored version to the newest', () => {
    const lifted = registry.upcast(recorded('ShipMoved', { to: 'C7' }, 1));
    expect([lifted.data, lifted.schemaVersion]).toEqual([{ column: 'C', row: 7, cost: 1 }, 3]);
  });

  it('starts from the version the event was stored at', () => {
    expect(registry.upcast(recorded('ShipMoved', { column: 'A', row: 1 }, 2)).data).toEqual({ column: 'A', row: 1, cost: 1 });
  });

  it('hands back the very same event when no step applies', () => {
    const current = recorded('ShipMoved', {}, 3);
    const other = recorded('DiceRolled', {}, 1);
    expect(registry.upcast(current)).toBe(current);
    expect(registry.upcast(other)).toBe(other);
  });

  it('never mutates the stored event', () => {
    const old = recorded('ShipMoved', { to: 'C7' }, 1);
    registry.upcast(old);
    expect([old.data, old.schemaVersion]).toEqual([{ to: 'C7' }, 1]);
  });

  it('tells the current version of a type', () => {
    expect(registry.currentVersion('ShipMoved', 1)).toBe(3);
    expect(registry.currentVersion('DiceRolled', 1)).toBe(1);
  });

  it('refuses two steps from the same version, which would make reads ambiguous', () => {
    expect(() => new UpcasterRegistry().register('A', 1, (d) => d).register('A', 1, (d) => d)).toThrow(/already registered/);
  });
});
