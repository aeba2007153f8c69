/** The uploads folder on the disk: writing a stored file safely, removing files, sweeping leftovers. */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { link, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A temp file of `writeStored` (`.<name>.<random>.part`): renamed or removed within the call that made it. */
const PART_FILE = /^\..+\.part$/;
/** A temp file older than this was left by a process that stopped mid-write. */
export const STALE_PART_MS = 60 * 60_000;

/** The errors of `link` on a filesystem without hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Where uploads live: `DATA_DIR/uploads`. */
export const uploadsDirOf = (dataDir: string): string => path.join(dataDir, 'uploads');

/** The files of one uploads folder, by their stored names. */
export const createUploadsFolder = (dir: string) => {
  /** The file's size and times, or null when it is not on the disk. */
  const present = (name: string): Promise<Stats | null> => stat(path.join(dir, name)).then((stats) => stats, () => null);

  /**
   * Writes one file of the uploads folder through a temp name: never half a file, and never over a
   * file of that name (a hard link fails when the name exists). True when this call created it;
   * false when the name was taken already (its file is left as it is, another writer's work).
   */
  const writeStored = async (name: string, data: Buffer): Promise<boolean> => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const tempPath = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.part`);
    const target = path.join(dir, name);
    try {
      await writeFile(tempPath, data, { flag: 'wx', mode: 0o600 });
      try {
        await link(tempPath, target);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'EEXIST') return false;
        if (!NO_HARD_LINKS.has(code)) throw error;
        // no hard links here: a check, then the rename (a race of two writers of one name writes the same bytes)
        if (await present(name)) return false;
        await rename(tempPath, target);
        return true;
      }
    } finally {
      await unlink(tempPath).catch(() => undefined);
    }
  };

  /**
   * Removes the temp files of writes that never finished (a process stopped mid-write), those older
   * than `olderThanMs` only: a younger one may be another process's write under way. Answers how many.
   */
  const sweepPartFiles = async (olderThanMs = STALE_PART_MS, now = Date.now()): Promise<number> => {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let swept = 0;
    for (const name of names.filter((candidate) => PART_FILE.test(candidate))) {
      const stats = await present(name);
      if (!stats || stats.mtimeMs > now - olderThanMs) continue;
      await unlink(path.join(dir, name)).then(
        () => (swept += 1),
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        },
      );
    }
    return swept;
  };

  /** Removes files of the uploads folder; one already gone is fine. */
  const unlinkAll = async (names: readonly string[]): Promise<void> => {
    await Promise.all(
      names.map((name) =>
        unlink(path.join(dir, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        }),
      ),
    );
  };

  /** The path of a stored file. */
  const pathOf = (name: string): string => path.join(dir, name);

  return { present, writeStored, sweepPartFiles, unlinkAll, pathOf };
};

export type UploadsFolder = ReturnType<typeof createUploadsFolder>;
