import { MongoClient, MongoServerError, type Collection as MongoCollection, type Document } from 'mongodb';
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

const asDuplicate = (error: unknown): unknown => {
  if (error instanceof MongoServerError && error.code === 11000) {
    const field = Object.keys((error.keyPattern as Record<string, unknown> | undefined) ?? {})[0] ?? null;
    return new DuplicateKeyError(field);
  }
  return error;
};

class MongoDocumentCollection<T extends Doc> implements Collection<T> {
  constructor(private readonly collection: MongoCollection<Document>) {}

  async insertOne(doc: T): Promise<T> {
    try {
      await this.collection.insertOne({ ...doc } as Document);
      return doc;
    } catch (error) {
      throw asDuplicate(error);
    }
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.collection.findOne(filter)) as unknown as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.collection.find(filter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  count(filter: Filter): Promise<number> {
    return this.collection.countDocuments(filter);
  }

  async countBy(filter: Filter, field: string): Promise<Map<string, number>> {
    const rows = await this.collection.aggregate<{ _id: unknown; n: number }>([{ $match: filter }, { $group: { _id: `$${field}`, n: { $sum: 1 } } }]).toArray();
    return new Map(rows.map((row) => [String(row._id), row.n]));
  }

  async updateOne(filter: Filter, update: Update): Promise<T | null> {
    try {
      return (await this.collection.findOneAndUpdate(filter, update as Document, {
        returnDocument: 'after',
      })) as unknown as T | null;
    } catch (error) {
      throw asDuplicate(error);
    }
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    const result = await this.collection.updateMany(filter, update as Document);
    return result.modifiedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const result = await this.collection.deleteMany(filter);
    return result.deletedCount;
  }
}

/** MongoDB through the official driver; the database is the one named in the URL. */
export const createMongoDriver = async (url: string): Promise<StoreDriver> => {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  const db = client.db();
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
      return new MongoDocumentCollection<T>(collection);
    },
    // Every MongoDB write is acknowledged by the server when it resolves.
    deferDurability: async (work) => ({ value: await work(), durable: async () => undefined }),
    durable: async () => undefined,
    onRollback: () => undefined,
    close: () => client.close(),
  };
};
