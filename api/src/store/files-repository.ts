import type { Collection, StoreDriver } from './collection';

export type FileVisibility = 'public' | 'private';

/** What an upload is for; decides nothing by itself, it tells an admin (and a clean-up) what it was. */
export type FileKind = 'profile' | 'identity' | 'payment-proof' | 'history' | (string & {});

/**
 * A smaller copy of a stored image (a history image's 400, 800 and 1280 px wide WebP), kept beside
 * it as `DATA_DIR/uploads/<_id>.w<width>.webp` and removed with it. Only narrower than the original.
 */
export interface FileVariant {
  width: number;
  height: number;
  mime: 'image/webp';
  storedName: string;
  bytes: number;
}

/**
 * One stored upload. The bytes live in `DATA_DIR/uploads/<_id>.<ext>`; the name is ours, never
 * the client's, and the type is the one we re-encoded to.
 */
export interface FileRecord {
  _id: string;
  ownerId: string;
  visibility: FileVisibility;
  kind: FileKind;
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  /** The name on disk inside the uploads folder. */
  storedName: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: Date;
  /**
   * The smaller copies, narrowest first: `[]` when none is needed (the original is narrow enough),
   * absent when none was ever made (a file stored before copies existed, or of a kind without them).
   */
  variants?: FileVariant[];
}

export class FilesRepository {
  private constructor(private readonly files: Collection<FileRecord>) {}

  static async open(driver: StoreDriver): Promise<FilesRepository> {
    const files = await driver.collection<FileRecord>('files', [{ fields: { ownerId: 1 } }]);
    return new FilesRepository(files);
  }

  create(file: FileRecord): Promise<FileRecord> {
    return this.files.insertOne(file);
  }

  findById(id: string): Promise<FileRecord | null> {
    return this.files.findOne({ _id: id });
  }

  /** The records of these ids that exist, in no particular order. */
  findByIds(ids: readonly string[]): Promise<FileRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.files.find({ _id: { $in: [...new Set(ids)] } });
  }

  /** Records the copies made of a stored file; null when the file is gone. */
  setVariants(id: string, variants: FileVariant[]): Promise<FileRecord | null> {
    return this.files.updateOne({ _id: id }, { $set: { variants } });
  }

  /** True when this call removed the record (false: it was gone already). */
  async delete(id: string): Promise<boolean> {
    return (await this.files.deleteMany({ _id: id })) > 0;
  }

  countByOwner(ownerId: string): Promise<number> {
    return this.files.count({ ownerId });
  }
}
