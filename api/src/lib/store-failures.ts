/**
 * Failures of our own storage, as opposed to a bad request or a bug: a full disk, an I/O error,
 * a read-only file system, a database that cannot be reached. They are answered 503
 * STORE_UNAVAILABLE with Retry-After (contract §15), and the store's health turns failing.
 * Recognised by code and name only, so the MongoDB driver need not be loaded to ask.
 */

/** SQLite's result codes (better-sqlite3 `SqliteError.code`, extended codes included). */
const SQLITE_UNAVAILABLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|NOMEM|PROTOCOL|NOLFS)(_|$)/;

/** Node's file-system errors when a file (an upload, the outbox) cannot be written. */
const FS_UNAVAILABLE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);

/** The MongoDB driver's errors for a server that is away or did not acknowledge in time. */
const MONGO_UNAVAILABLE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoWriteConcernError',
  'MongoPoolClearedError',
]);

const MONGO_UNAVAILABLE_LABELS = ['RetryableWriteError', 'TransientTransactionError', 'UnknownTransactionCommitResult'];

/** An error of ours that says the store cannot be written now (for example while it is closing). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

export const isStoreUnavailable = (error: unknown, depth = 0): boolean => {
  if (!(error instanceof Error) || depth > 4) return false;
  if (error instanceof StoreUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (error.name === 'SqliteError' && typeof code === 'string' && SQLITE_UNAVAILABLE.test(code)) return true;
  if (typeof code === 'string' && FS_UNAVAILABLE.has(code)) return true;
  if (MONGO_UNAVAILABLE.has(error.name)) return true;
  const labels = (error as { errorLabels?: unknown }).errorLabels;
  if (error.name.startsWith('Mongo') && Array.isArray(labels) && labels.some((label) => MONGO_UNAVAILABLE_LABELS.includes(String(label)))) return true;
  return isStoreUnavailable(error.cause, depth + 1);
};
