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

/** Walks the tree and clears group/other bits where they are set; symbolic links are left alone. */
export const makeTreePrivate = async (dir: string): Promise<number> => {
  let changed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const { mode } = await lstat(full);
    if (mode & OTHERS) {
      await chmod(full, mode & 0o7777 & ~OTHERS);
      changed += 1;
    }
    if (entry.isDirectory()) changed += await makeTreePrivate(full);
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
