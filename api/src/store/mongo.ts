import { AsyncLocalStorage } from 'node:async_hooks';
import { MongoClient, MongoServerError, type ClientSession, type Collection as MongoCollection, type Document } from 'mongodb';
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
import { WriteHealth } from './write-health';

const asDuplicate = (error: unknown): unknown => {
  if (error instanceof MongoServerError && error.code === 11000) {
    const field = Object.keys((error.keyPattern as Record<string, unknown> | undefined) ?? {})[0] ?? null;
    return new DuplicateKeyError(field);
  }
  return error;
};

/**
 * Every write waits for a majority of the replica set and its journal: an acknowledged post
 * survives the loss of the primary and a power cut (`w: 1` would not).
 */
export const WRITE_CONCERN = { w: 'majority', journal: true } as const;

/** The transaction of the `unitOfWork` work running now, which every call of it joins. */
const transactions = new AsyncLocalStorage<ClientSession>();
const inSession = (): { session?: ClientSession } => {
  const session = transactions.getStore();
  return session ? { session } : {};
};

class MongoDocumentCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly collection: MongoCollection<Document>,
    private readonly health: WriteHealth,
  ) {}

  /** Notes how the write went for health; a duplicate key is the caller's, not the store's failure. */
  private async write<R>(work: () => Promise<R>): Promise<R> {
    try {
      const result = await work();
      this.health.succeeded();
      return result;
    } catch (error) {
      this.health.failed(error);
      throw asDuplicate(error);
    }
  }

  insertOne(doc: T): Promise<T> {
    return this.write(async () => {
      await this.collection.insertOne({ ...doc } as Document, inSession());
      return doc;
    });
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.collection.findOne(filter, inSession())) as unknown as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.collection.find(filter, inSession());
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  count(filter: Filter): Promise<number> {
    return this.collection.countDocuments(filter, inSession());
  }

  async countBy(filter: Filter, field: string): Promise<Map<string, number>> {
    const rows = await this.collection.aggregate<{ _id: unknown; n: number }>([{ $match: filter }, { $group: { _id: `$${field}`, n: { $sum: 1 } } }], inSession()).toArray();
    return new Map(rows.map((row) => [String(row._id), row.n]));
  }

  updateOne(filter: Filter, update: Update): Promise<T | null> {
    return this.write(
      async () => (await this.collection.findOneAndUpdate(filter, update as Document, { returnDocument: 'after', ...inSession() })) as unknown as T | null,
    );
  }

  updateMany(filter: Filter, update: Update): Promise<number> {
    return this.write(async () => (await this.collection.updateMany(filter, update as Document, inSession())).modifiedCount);
  }

  /**
   * A guarded upsert in one `updateOne({upsert: true})`: an update pipeline keeps the stored
   * document unless its `forward.field` is below `forward.below` (a missing field is below, as in
   * aggregation order), so a document as far along is never met by a second insert of its `_id`
   * (a duplicate key would abort the surrounding transaction).
   */
  upsertForward(doc: T, forward: { field: string; below: number }, set?: Record<string, unknown>): Promise<boolean> {
    const { _id, ...rest } = doc as Doc & Record<string, unknown>;
    let next: Document;
    if (!set) next = { $mergeObjects: [{ _id: '$_id' }, { $literal: rest }] };
    else {
      // Dotted fields one level deep (`reads.<id>`) merge into their object; plain ones replace.
      const fields: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(set)) {
        const [top, sub] = field.split('.') as [string, string | undefined];
        if (sub === undefined) fields[top] = { $literal: value };
        else {
          const merged = (fields[top] as { $mergeObjects: unknown[] } | undefined) ?? { $mergeObjects: [{ $ifNull: [`$${top}`, {}] }] };
          merged.$mergeObjects.push({ $literal: { [sub]: value } });
          fields[top] = merged;
        }
      }
      // A new document starts as `doc`; a stored one keeps its fields but those set.
      next = { $mergeObjects: [{ $literal: rest }, '$$ROOT', fields] };
    }
    const pipeline = [{ $replaceWith: { $cond: [{ $lt: [`$${forward.field}`, forward.below] }, next, '$$ROOT'] } }];
    return this.write(async () => {
      const result = await this.collection.updateOne({ _id } as Document, pipeline, { upsert: true, ...inSession() });
      return result.upsertedCount > 0 || result.modifiedCount > 0;
    });
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.write(async () => (await this.collection.deleteMany(filter, inSession())).deletedCount);
  }
}

/**
 * MongoDB through the official driver; the database is the one named in the URL. It must be a
 * replica set (a single node will do, as docker-compose.yml runs it): a command's writes (a chat
 * event and its projections) are one transaction, so a failure between them leaves neither.
 */
export const createMongoDriver = async (url: string): Promise<StoreDriver> => {
  // A short selection timeout: while the database is away a write answers 503 within seconds.
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000, writeConcern: WRITE_CONCERN });
  await client.connect();
  const db = client.db();
  const health = new WriteHealth();
  const probes = db.collection<{ _id: string; at: Date }>('le_health');
  health.setProbe(async () => {
    await probes.updateOne({ _id: 'probe' }, { $set: { at: new Date() } }, { upsert: true });
  });
  const rollbackListeners: (() => void)[] = [];
  return {
    kind: 'mongodb',
    async collection<T extends Doc>(name: string, indexes: IndexSpec[] = []): Promise<Collection<T>> {
      const collection = db.collection(name);
      for (const index of indexes) {
        await collection.createIndex(index.fields, {
          unique: index.unique ?? false,
          ...(index.sparse ? { sparse: true } : {}),
        });
      }
      return new MongoDocumentCollection<T>(collection, health);
    },
    // The work's writes are one transaction, committed (majority, journaled) before this resolves;
    // withTransaction runs the work again after a transient error (another writer took the seq).
    async unitOfWork(work) {
      if (transactions.getStore()) return { value: await work(), durable: async () => undefined };
      const session = client.startSession();
      try {
        let attempts = 0;
        const value = await session.withTransaction(
          async () => {
            attempts += 1;
            // What an aborted attempt cached in the process (projection heads) is not in the store.
            if (attempts > 1) for (const listener of rollbackListeners) listener();
            return transactions.run(session, work);
          },
          { writeConcern: WRITE_CONCERN, readConcern: { level: 'snapshot' } },
        );
        return { value, durable: async () => undefined };
      } catch (error) {
        for (const listener of rollbackListeners) listener();
        health.failed(error);
        throw error;
      } finally {
        await session.endSession();
      }
    },
    durable: async () => undefined,
    onRollback: (listener) => rollbackListeners.push(listener),
    health,
    close: () => client.close(),
  };
};
