import { chmod, lstat, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { makeTreePrivate, makeTreePrivateOnce, type TreeIo } from './private-files';

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe('DATA_DIR made private', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = '';
  });

  const earlierBuild = async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'le-private-'));
    await mkdir(path.join(dir, 'uploads'), { mode: 0o755 });
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']) await writeFile(path.join(dir, 'uploads', name), 'x', { mode: 0o644 });
    await writeFile(path.join(dir, 'outbox.jsonl'), '', { mode: 0o644 });
    // the umask may have taken bits off: set them as an earlier build left them
    await chmod(path.join(dir, 'uploads'), 0o755);
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']) await chmod(path.join(dir, 'uploads', name), 0o644);
    await chmod(path.join(dir, 'outbox.jsonl'), 0o644);
  };

  it('clears the group and other bits of every file and folder, once', async () => {
    await earlierBuild();
    expect(await makeTreePrivateOnce(dir)).toBe(6);
    expect(await mode(path.join(dir, 'uploads'))).toBe(0o700);
    expect(await mode(path.join(dir, 'uploads', 'c.jpg'))).toBe(0o600);
    expect(await mode(path.join(dir, 'outbox.jsonl'))).toBe(0o600);
    // the marker says it was done: the next start walks nothing
    await chmod(path.join(dir, 'outbox.jsonl'), 0o644);
    expect(await makeTreePrivateOnce(dir)).toBe(0);
  });

  it('goes on past a file that went while it walked (an upload renamed into place) and makes the rest private', async () => {
    await earlierBuild();
    // the server renames b.jpg away between the folder's listing and b.jpg's turn
    const io: TreeIo = {
      readdir,
      chmod,
      lstat: (async (file: Parameters<typeof lstat>[0]) => {
        if (String(file).endsWith('b.jpg')) await rm(file, { force: true });
        return lstat(file);
      }) as typeof lstat,
    };
    expect(await makeTreePrivate(dir, io)).toBe(5);
    for (const name of ['a.jpg', 'c.jpg', 'd.jpg']) expect(await mode(path.join(dir, 'uploads', name))).toBe(0o600);
    expect(await mode(path.join(dir, 'outbox.jsonl'))).toBe(0o600);
  });
});
