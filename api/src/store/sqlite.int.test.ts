import { tempDir, type TempDir } from '@le/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyUpdate, createSqliteDriver, type SqliteDriver } from './sqlite';

/** The SQLite driver's own edges, beyond the store contract: failures of a whole transaction, filter corners. */
let dir: TempDir;
let driver: SqliteDriver;
beforeEach(async () => {
  dir = await tempDir('le-sqlite-');
  driver = createSqliteDriver(dir.path);
});
afterEach(async () => {
  await driver.close();
  await dir.remove();
});

interface Thing {
  _id: string;
  v?: unknown;
  tag?: string | null;
  nested?: { a?: number; b?: number };
}

describe('the SQLite driver', () => {
  it('a full disk abandons the whole open transaction: every write of it fails, answered at once or deferred, and the store goes on', async () => {
    const things = await driver.collection<Thing>('things');
    await things.insertOne({ _id: 'before', v: 1 });
    const pages = driver.db.pragma('page_count', { simple: true }) as number;
    driver.db.pragma(`max_page_count = ${pages + 2}`);

    const small = things.insertOne({ _id: 'small', v: 1 });
    const big = things.insertOne({ _id: 'big', v: 'x'.repeat(200_000) });
    await expect(big).rejects.toThrow(/full/i);
    await expect(small).rejects.toThrow(/full/i);
    expect(await things.findOne({ _id: 'small' })).toBeNull();

    let rolledBack = 0;
    driver.onRollback(() => (rolledBack += 1));
    const deferred = await driver.unitOfWork(async () => {
      await things.insertOne({ _id: 'deferred', v: 2 });
      await things.insertOne({ _id: 'too-big', v: 'x'.repeat(200_000) }).catch(() => undefined);
      return 'decided';
    });
    expect(deferred.value).toBe('decided');
    await expect(deferred.durable()).rejects.toThrow(/full/i);
    expect(rolledBack).toBe(1);
    expect(await things.findOne({ _id: 'deferred' })).toBeNull();

    driver.db.pragma('max_page_count = 1073741823');
    await things.insertOne({ _id: 'after', v: 3 });
    expect((await things.find({}, { sort: { _id: 1 } })).map((thing) => thing._id)).toEqual(['after', 'before']);
  });

  it('a refused write (a unique index) undoes only itself; the others of its turn are kept', async () => {
    const things = await driver.collection<Thing>('things', [{ fields: { tag: 1 }, unique: true, sparse: true }]);
    const kept = things.insertOne({ _id: 'kept', tag: 'a' });
    const clash = things.insertOne({ _id: 'clash', tag: 'a' });
    await expect(clash).rejects.toMatchObject({ field: 'tag' });
    await expect(kept).resolves.toMatchObject({ _id: 'kept' });
    const deferred = await driver.unitOfWork(async () => {
      await things.insertOne({ _id: 'second', tag: 'b' });
      await things.insertOne({ _id: 'third', tag: 'b' }).catch(() => undefined);
    });
    await expect(deferred.durable()).resolves.toBeUndefined();
    expect((await things.find({}, { sort: { _id: 1 } })).map((thing) => thing._id)).toEqual(['kept', 'second']);
  });

  it('filters as MongoDB does where the repositories rely on it; refuses what it cannot mean', async () => {
    const things = await driver.collection<Thing>('things');
    await things.insertOne({ _id: 'missing' });
    await things.insertOne({ _id: 'null', tag: null });
    await things.insertOne({ _id: 'x', tag: 'x' });
    const ids = async (filter: Record<string, unknown>) => (await things.find(filter, { sort: { _id: 1 } })).map((thing) => thing._id);
    expect(await ids({ tag: null })).toEqual(['missing', 'null']);
    expect(await ids({ tag: { $in: [null, 'x'] } })).toEqual(['missing', 'null', 'x']);
    expect(await ids({ tag: { $ne: null } })).toEqual(['x']);
    expect(await ids({ tag: { $ne: 'x' } })).toEqual(['missing', 'null']);
    expect(await ids({ tag: { $exists: true } })).toEqual(['null', 'x']);
    expect(await ids({ tag: { $exists: false } })).toEqual(['missing']);
    await expect(things.find({ nested: { a: 1 } })).rejects.toThrow(/unsupported equality/);
    await expect(things.find({ tag: {} })).rejects.toThrow(/empty condition/);
    // Text typed by a user that starts with the date marker stays text.
    await things.insertOne({ _id: 'marker', tag: '\u0001D2026-01-01T00:00:00.000Z' });
    expect((await things.findOne({ _id: 'marker' }))?.tag).toBe('\u0001D2026-01-01T00:00:00.000Z');
  });

  it('$unset of a nested field whose parent is missing changes nothing else', () => {
    const doc = { _id: '1', b: 2, nested: { a: 1, b: 2 } };
    expect(applyUpdate(doc, { $unset: { 'missing.b': true } })).toEqual(doc);
    expect(applyUpdate(doc, { $unset: { 'nested.b': true } })).toEqual({ _id: '1', b: 2, nested: { a: 1 } });
  });
});
