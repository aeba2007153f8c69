import { type PageCursor } from '../lib/page-cursor';
import type { StoreDriver } from './collection';
import type { UserRecord } from './records';
export interface MemberQuery {
    /** Part of the username, email or name, case-insensitive, matched literally. */
    q?: string;
    role?: string;
    tier?: string;
    before?: PageCursor | null;
    limit: number;
}
export type UserChanges = Partial<Omit<UserRecord, '_id' | 'createdAt' | 'emailLower' | 'usernameLower'>>;
export declare class UsersRepository {
    private readonly users;
    private constructor();
    static open(driver: StoreDriver): Promise<UsersRepository>;
    /** Throws DuplicateKeyError (field emailLower or usernameLower) when taken. */
    create(user: Omit<UserRecord, 'emailLower' | 'usernameLower'>): Promise<UserRecord>;
    findById(id: string): Promise<UserRecord | null>;
    findByEmail(email: string): Promise<UserRecord | null>;
    /** Sign-in accepts the email or the username, both case-insensitively. */
    findByLogin(emailOrUsername: string): Promise<UserRecord | null>;
    findAnyAdmin(): Promise<UserRecord | null>;
    /** Every admin, oldest account first (the chat's participants). */
    listAdmins(): Promise<UserRecord[]>;
    findByIds(ids: string[]): Promise<UserRecord[]>;
    /** Throws DuplicateKeyError when a changed email or username is taken. */
    update(id: string, changes: UserChanges): Promise<UserRecord | null>;
    /** The admin's member list: newest accounts first, one more than `limit` read to tell if more exist. */
    search(query: MemberQuery): Promise<{
        users: UserRecord[];
        next: PageCursor | null;
    }>;
    countAdmins(): Promise<number>;
    /** Members whose paid membership still runs, for one tier. */
    countActiveMembers(tier: string, now?: Date): Promise<number>;
    /** Trials still running now. */
    countActiveTrials(now?: Date): Promise<number>;
    /** Members and trials whose time has run out. */
    countExpired(now?: Date): Promise<number>;
    /** Trials that end after `now` and no later than `until`, soonest first. */
    trialsEndingBetween(now: Date, until: Date): Promise<UserRecord[]>;
    findManyByIds(ids: string[]): Promise<UserRecord[]>;
}
