import { chmodSync, existsSync } from 'node:fs';
import { chmod, lstat, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** No permission bits for the group or other OS users (contract §10). */
const OTHERS = 0o077;

/**
 * DATA_DIR itself becomes owner-only at once (then no other user can reach anything inside it);
 * `makeTreePrivate` then takes the bits off what an earlier build wrote inside it.
 */
export const makeDirPrivate = (dir: string): void => {
  chmodSync(dir, 0o700);
};

/** The file system calls of the sweep (a test gives its own to make a file go mid-walk). */
export interface TreeIo {
  readdir: typeof readdir;
  lstat: typeof lstat;
  chmod: typeof chmod;
}

const nodeIo: TreeIo = { readdir, lstat, chmod };

const gone = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Walks the tree and clears group/other bits where they are set; symbolic links are left alone. The
 * server writes while it walks (an upload's temporary file renamed into place, a history image's
 * copies): what went between the listing and its turn is passed over, since whatever replaced it
 * was written owner-only, and the walk goes on rather than leaving the rest as it was.
 */
export const makeTreePrivate = async (dir: string, io: TreeIo = nodeIo): Promise<number> => {
  let changed = 0;
  let entries;
  try {
    entries = await io.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (gone(error)) return 0;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    try {
      const { mode } = await io.lstat(full);
      if (mode & OTHERS) {
        await io.chmod(full, mode & 0o7777 & ~OTHERS);
        changed += 1;
      }
    } catch (error) {
      if (gone(error)) continue;
      throw error;
    }
    if (entry.isDirectory()) changed += await makeTreePrivate(full, io);
  }
  return changed;
};

/** Written once the tree has been swept: what this build writes is owner-only from the start. */
const SWEPT_MARKER = '.private';

/**
 * Sweeps DATA_DIR once (a dir of an earlier build), not at every start: a walk of every upload
 * would otherwise be repeated for nothing.
 */
export const makeTreePrivateOnce = async (dir: string): Promise<number> => {
  const marker = path.join(dir, SWEPT_MARKER);
  if (existsSync(marker)) return 0;
  const changed = await makeTreePrivate(dir);
  await writeFile(marker, 'group and other permission bits cleared by the server\n', { mode: 0o600 });
  return changed;
};
