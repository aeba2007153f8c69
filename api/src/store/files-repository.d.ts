import type { StoreDriver } from './collection';
export type FileVisibility = 'public' | 'private';
/** What an upload is for; decides nothing by itself, it tells an admin (and a clean-up) what it was. */
export type FileKind = 'profile' | 'identity' | 'payment-proof' | 'history' | (string & {});
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
}
export declare class FilesRepository {
    private readonly files;
    private constructor();
    static open(driver: StoreDriver): Promise<FilesRepository>;
    create(file: FileRecord): Promise<FileRecord>;
    findById(id: string): Promise<FileRecord | null>;
    /** True when this call removed the record (false: it was gone already). */
    delete(id: string): Promise<boolean>;
    countByOwner(ownerId: string): Promise<number>;
}
