import { type Mailer } from '../plugins/app/mailer';
import type { CodePurpose, Store, UserRecord } from '../store';
export interface CodeServiceDeps {
    store: Store;
    mailer: Mailer;
    /** Key for the codes' HMAC (the server's signing secret). */
    key: string;
    now?: () => Date;
}
/**
 * Single-use codes: random, stored only as a keyed hash, 10 minutes of life, burnt after five
 * wrong tries, voided by a newer code, and no new code within 60 s of the last.
 */
export declare const createCodeService: ({ store, mailer, key, now }: CodeServiceDeps) => {
    cooldownSeconds: (user: UserRecord, purpose: CodePurpose) => Promise<number>;
    issue: (user: UserRecord, purpose: CodePurpose) => Promise<void>;
    /** Issues a code unless the cooldown runs; then 429 with Retry-After. */
    resend(user: UserRecord, purpose: CodePurpose): Promise<void>;
    /** Uses the open code if `code` matches; otherwise counts a wrong try and refuses with 400. */
    consume(user: UserRecord, purpose: CodePurpose, code: string): Promise<void>;
};
export type CodeService = ReturnType<typeof createCodeService>;
