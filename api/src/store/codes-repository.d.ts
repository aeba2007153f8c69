import type { StoreDriver } from './collection';
import type { CodePurpose, CodeRecord } from './records';
export declare class CodesRepository {
    private readonly codes;
    private constructor();
    static open(driver: StoreDriver): Promise<CodesRepository>;
    /** Stores a new code and voids every earlier open code of the same purpose. */
    issue(code: CodeRecord): Promise<CodeRecord>;
    /** The newest code of a purpose, open or not (for the resend cooldown). */
    latest(userId: string, purpose: CodePurpose): Promise<CodeRecord | null>;
    /** The newest open code: if two requests raced past the cooldown, only the last mailed counts. */
    findOpen(userId: string, purpose: CodePurpose): Promise<CodeRecord | null>;
    /** Counts a wrong try; the try that reaches `maxAttempts` burns the code. */
    recordWrongTry(id: string, maxAttempts: number, now?: Date): Promise<CodeRecord | null>;
    /** Closes the code as used; false when it was closed already (a concurrent use won). */
    consume(id: string, now?: Date): Promise<boolean>;
    /** Removes up to `limit` codes that expired before `cutoff` (used, burnt, voided or never used). */
    purgeExpiredBefore(cutoff: Date, limit: number): Promise<number>;
}
