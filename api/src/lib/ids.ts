import { randomBytes } from 'node:crypto';

/** Ids are strings (contract §3): 24 hex characters, like a MongoDB ObjectId's text form. */
export const newId = (): string => randomBytes(12).toString('hex');
