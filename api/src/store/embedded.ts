import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Datastore from '@seald-io/nedb';
import {
  DuplicateKeyError,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type StoreDriver,
  type Update,
} from './collection';

/** Compacts the append-only data files now and then so they do not grow without end. */
const COMPACTION_INTERVAL_MS = 10 * 60_000;

const isUniqueViolation = (error: unknown): boolean =>
  (error as { errorType?: string } | null)?.errorType === 'uniqueViolated';

class EmbeddedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly db: Datastore<T>,
    private readonly uniqueIndexes: string[][],
  ) {}

  /**
   * NeDB reports the clashing value, not the index: find which unique index of `values` clashes
   * (all fields of a compound index must match), named by its first field as MongoDB does.
   */
  private async duplicate(values: Record<string, unknown>, selfId: unknown): Promise<DuplicateKeyError> {
    for (const fields of this.uniqueIndexes) {
      if (fields.some((field) => values[field] === undefined)) continue;
      const query = Object.fromEntries(fields.map((field) => [field, values[field]]));
      const other = await this.db.findOneAsync({ ...query, _id: { $ne: selfId } } as never);
      if (other) return new DuplicateKeyError(fields[0]!);
    }
    return new DuplicateKeyError(null);
  }

  async insertOne(doc: T): Promise<T> {
    try {
      return (await this.db.insertAsync(doc)) as T;
    } catch (error) {
      if (isUniqueViolation(error)) throw await this.duplicate(doc as unknown as Record<string, unknown>, doc._id);
      throw error;
    }
  }

  async findOne(filter: Filter): Promise<T | null> {
    return ((await this.db.findOneAsync(filter as never)) as T | null) ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.db.findAsync(filter as never);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor) as T[];
  }

  count(filter: Filter): Promise<number> {
    return this.db.countAsync(filter as never) as Promise<number>;
  }

  async updateOne(filter: Filter, update: Update): Promise<T | null> {
    try {
      const result = await this.db.updateAsync(filter as never, update as never, {
        multi: false,
        returnUpdatedDocs: true,
      });
      return result.numAffected === 0 ? null : ((result.affectedDocuments as T | null) ?? null);
    } catch (error) {
      if (isUniqueViolation(error)) {
        const target = await this.db.findOneAsync(filter as never);
        throw await this.duplicate(update.$set ?? {}, target?._id);
      }
      throw error;
    }
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    const result = await this.db.updateAsync(filter as never, update as never, { multi: true });
    return result.numAffected;
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.db.removeAsync(filter as never, { multi: true });
  }
}

/**
 * The embedded store: one NeDB file per collection under DATA_DIR/db. Every write is appended to
 * its file before the promise resolves, so an acknowledged write survives a kill -9.
 */
export const createEmbeddedDriver = (dataDir: string): StoreDriver => {
  const dir = path.join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const open = new Map<string, Promise<Collection<Doc>>>();
  const stores: Datastore[] = [];

  const load = async <T extends Doc>(name: string, indexes: IndexSpec[]): Promise<Collection<T>> => {
    const db = new Datastore<T>({ filename: path.join(dir, `${name}.db`), timestampData: false });
    await db.loadDatabaseAsync();
    const uniqueIndexes: string[][] = [];
    for (const index of indexes) {
      const fields = Object.keys(index.fields);
      await db.ensureIndexAsync({
        fieldName: fields.length === 1 ? fields[0]! : fields,
        unique: index.unique ?? false,
        sparse: index.sparse ?? false,
      });
      if (index.unique) uniqueIndexes.push(fields);
    }
    db.setAutocompactionInterval(COMPACTION_INTERVAL_MS);
    stores.push(db as unknown as Datastore);
    return new EmbeddedCollection<T>(db, uniqueIndexes);
  };

  return {
    kind: 'embedded',
    collection<T extends Doc>(name: string, indexes: IndexSpec[] = []): Promise<Collection<T>> {
      let pending = open.get(name);
      if (!pending) {
        pending = load<T>(name, indexes) as unknown as Promise<Collection<Doc>>;
        open.set(name, pending);
      }
      return pending as unknown as Promise<Collection<T>>;
    },
    async close() {
      for (const db of stores) {
        db.stopAutocompaction();
        await db.compactDatafileAsync();
      }
    },
  };
};
