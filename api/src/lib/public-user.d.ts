import type { PublicUser } from '@le/contracts';
import type { UserRecord } from '../store';
/** The user as clients see it: no hash, no internal keys, dates as ISO strings. */
export declare const toPublicUser: (user: UserRecord) => PublicUser;
