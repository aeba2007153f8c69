import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HistoryEntry } from '@le/contracts';
import { tempDir } from '@le/testing';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { newId } from '../src/lib/ids';
import { startServer } from '../src/main';
import { copyHistoryImages, HISTORY_IMAGES_LEASE, type HistoryImageCopiesDeps } from '../src/services/history-images';
import { createUploadService, HISTORY_IMAGE_WIDTHS, type UploadService } from '../src/services/uploads';
import { createStore, type FileRecord, type Store } from '../src/store';
import type { FilesRepository } from '../src/store/files-repository';
import { ADMIN, call, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers';
import { imageFile, makePng, multipart, storedUploads } from './multipart';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** `?w=` answered with the original: a copy may come later, so not for a year. */
const ORIGINAL_FOR_WIDTH_CACHE = 'public, max-age=300';
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A logger that keeps its warnings, to count them. */
const recordingLog = () => {
  const warnings: string[] = [];
  const log = { info() {}, warn: (_obj: object, message: string) => void warnings.push(message) } as unknown as Pick<FastifyBaseLogger, 'info' | 'warn'>;
  return { log, warnings };
};

/**
 * A history image as an earlier build stored it: the re-encoded original in DATA_DIR/uploads, a
 * files record without `variants`, and its history entry.
 */
const storeLegacyImage = async (
  store: Store,
  dataDir: string,
  bytes: Buffer,
  { width, height, ownerId, visibility = 'public' }: { width: number; height: number; ownerId: string; visibility?: FileRecord['visibility'] },
): Promise<{ fileId: string; entryId: string; file: string }> => {
  const fileId = newId();
  const uploads = path.join(dataDir, 'uploads');
  await mkdir(uploads, { recursive: true });
  const file = path.join(uploads, `${fileId}.jpg`);
  await writeFile(file, bytes, { mode: 0o600 });
  const at = new Date(Date.now() - 86_400_000);
  await store.files.create({ _id: fileId, ownerId, visibility, kind: 'history', mime: 'image/jpeg', storedName: `${fileId}.jpg`, bytes: bytes.length, width, height, createdAt: at });
  const entryId = newId();
  await store.history.create({ _id: entryId, title: 'Old', description: 'Before copies.', imageFileId: fileId, createdBy: ownerId, createdAt: at, updatedAt: at });
  return { fileId, entryId, file };
};

/** A wide chart-like picture: bands of colour, so its copies are real images, not one flat colour. */
const makeWideJpeg = (width: number, height: number): Promise<Buffer> => {
  const bands = Buffer.alloc(width * height * 3);
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1) {
      const at = (y * width + x) * 3;
      bands[at] = (x * 7) % 256;
      bands[at + 1] = (y * 3) % 256;
      bands[at + 2] = 120;
    }
  }
  return sharp(bands, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
};

/**
 * /history serves the admins' chart images at up to 2560 px: the API keeps 400, 800 and 1280 px wide
 * WebP copies beside each (services/uploads), lists them with the entry (`images`, for `srcset`),
 * serves them at `/api/files/:id?w=`, and gives an image stored before copies existed its copies
 * after a start (services/history-images) while it serves the original meanwhile.
 */
describe('history images: smaller copies', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let wide: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    wide = await makeWideJpeg(2000, 1000);
  });
  afterAll(() => t?.close());

  const publish = async (image: Buffer, filename = 'chart.jpg', contentType = 'image/jpeg'): Promise<HistoryEntry> => {
    const body = multipart([{ name: 'title', value: 'Chart' }, { name: 'description', value: 'The day.' }, imageFile('image', image, filename, contentType)]);
    const response = await call(t.app, { method: 'POST', url: '/api/history', token: admin.token, payload: body.payload, headers: body.headers });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ entry: HistoryEntry }>().entry;
  };

  const listed = async (id: string): Promise<HistoryEntry | undefined> =>
    (await call(t.app, { method: 'GET', url: '/api/history?limit=50' })).json<{ history: HistoryEntry[] }>().history.find((entry) => entry._id === id);

  const get = (url: string) => call(t.app, { method: 'GET', url });

  it('an upload keeps 400, 800 and 1280 px WebP copies beside the original, lists them narrowest first, serves each as WebP cached for good', async () => {
    const entry = await publish(wide);
    const id = entry.image.split('/').pop()!;
    expect(entry.images).toEqual([
      { url: `/api/files/${id}?w=400`, width: 400 },
      { url: `/api/files/${id}?w=800`, width: 800 },
      { url: `/api/files/${id}?w=1280`, width: 1280 },
      { url: `/api/files/${id}`, width: 2000 },
    ]);
    expect((await listed(entry._id))?.images).toEqual(entry.images);
    const files = await storedUploads(t.dataDir);
    expect(files.filter((name) => name.startsWith(id))).toEqual([`${id}.jpg`, `${id}.w1280.webp`, `${id}.w400.webp`, `${id}.w800.webp`]);

    const original = await get(entry.image);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const originalBytes = original.rawPayload.length;
    for (const { url, width } of entry.images.slice(0, -1)) {
      const copy = await get(url);
      expect(copy.statusCode, url).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe(PUBLIC_CACHE);
      expect(copy.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(copy.headers['content-length'])).toBe(copy.rawPayload.length);
      const meta = await sharp(copy.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
      // what a phone loads is a fraction of the original
      expect(copy.rawPayload.length).toBeLessThan(originalBytes);
    }
    expect((await sharp((await get(entry.images[0]!.url)).rawPayload).metadata()).width).toBe(400);
  });

  it('?w= picks the narrowest copy at least that wide, else the original; a bad w is 400', async () => {
    const entry = await publish(wide);
    const width = async (w: string) => {
      const response = await get(`${entry.image}?w=${w}`);
      expect(response.statusCode, w).toBe(200);
      return { type: response.headers['content-type'], width: (await sharp(response.rawPayload).metadata()).width };
    };
    expect(await width('1')).toEqual({ type: 'image/webp', width: 400 });
    expect(await width('500')).toEqual({ type: 'image/webp', width: 800 });
    expect(await width('1280')).toEqual({ type: 'image/webp', width: 1280 });
    expect(await width('1281')).toEqual({ type: 'image/jpeg', width: 2000 });
    for (const bad of ['0', '-5', 'abc', '10001']) expect((await get(`${entry.image}?w=${bad}`)).statusCode, bad).toBe(400);
  });

  it('an image no wider than the smallest copy has none: the original alone', async () => {
    const entry = await publish(await makePng(300, 200), 'small.png', 'image/png');
    const id = entry.image.split('/').pop()!;
    expect(entry.images).toEqual([{ url: `/api/files/${id}`, width: 300 }]);
    expect((await t.store.files.findById(id))?.variants).toEqual([]);
    expect((await storedUploads(t.dataDir)).filter((name) => name.startsWith(id))).toEqual([`${id}.png`]);
    const asked = await get(`${entry.image}?w=400`);
    expect(asked.headers['content-type']).toBe('image/png');
  });

  it('a new image or a delete takes the copies with the original', async () => {
    const entry = await publish(wide);
    const id = entry.image.split('/').pop()!;
    const body = multipart([imageFile('image', await makeWideJpeg(900, 500))]);
    const swapped = await call(t.app, { method: 'PUT', url: `/api/history/${entry._id}`, token: admin.token, payload: body.payload, headers: body.headers });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const updated = swapped.json<{ entry: HistoryEntry }>().entry;
    const newId = updated.image.split('/').pop()!;
    expect(updated.images.map((image) => image.width)).toEqual([400, 800, 900]);
    expect((await storedUploads(t.dataDir)).some((name) => name.startsWith(id))).toBe(false);
    expect((await get(`/api/files/${id}?w=400`)).statusCode).toBe(404);

    expect((await call(t.app, { method: 'DELETE', url: `/api/history/${entry._id}`, token: admin.token })).statusCode).toBe(204);
    expect((await storedUploads(t.dataDir)).some((name) => name.startsWith(newId))).toBe(false);
    expect((await get(`/api/files/${newId}?w=400`)).statusCode).toBe(404);
  });

  it('an entry stored before copies existed: the original is listed and served; after a start it has its copies, its original untouched', async () => {
    // As an earlier build stored it: the re-encoded original, a files record without `variants`.
    const original = await makeWideJpeg(1600, 900);
    const fileId = newId();
    const uploads = path.join(t.dataDir, 'uploads');
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, `${fileId}.jpg`), original, { mode: 0o600 });
    await t.store.files.create({
      _id: fileId,
      ownerId: admin.userId,
      visibility: 'public',
      kind: 'history',
      mime: 'image/jpeg',
      storedName: `${fileId}.jpg`,
      bytes: original.length,
      width: 1600,
      height: 900,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const entryId = newId();
    const at = new Date(Date.now() - 86_400_000);
    await t.store.history.create({ _id: entryId, title: 'Old', description: 'Before copies.', imageFileId: fileId, createdBy: admin.userId, createdAt: at, updatedAt: at });

    const before = await listed(entryId);
    expect(before?.images).toEqual([{ url: `/api/files/${fileId}`, width: 1600 }]);
    // an address with ?w= (a page of the next build, a cached list) still gets the picture: the original
    const asked = await get(`/api/files/${fileId}?w=400`);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('image/jpeg');
    expect(sha(asked.rawPayload)).toBe(sha(original));

    // One entry whose bytes were lost does not stop the others.
    const lostId = newId();
    await t.store.files.create({ _id: lostId, ownerId: admin.userId, visibility: 'public', kind: 'history', mime: 'image/jpeg', storedName: `${lostId}.jpg`, bytes: 10, width: 2000, height: 1000, createdAt: at });
    await t.store.history.create({ _id: newId(), title: 'Lost', description: 'No bytes.', imageFileId: lostId, createdBy: admin.userId, createdAt: new Date(at.getTime() + 1), updatedAt: at });

    const copied = await copyHistoryImages({ history: t.store.history, uploads: t.app.uploads, leases: t.store.lifecycle, log: t.app.log });
    expect(copied).toBe(1);
    const after = await listed(entryId);
    expect(after?.images).toEqual([
      { url: `/api/files/${fileId}?w=400`, width: 400 },
      { url: `/api/files/${fileId}?w=800`, width: 800 },
      { url: `/api/files/${fileId}?w=1280`, width: 1280 },
      { url: `/api/files/${fileId}`, width: 1600 },
    ]);
    const copy = await get(after!.images[0]!.url);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(400);
    expect(sha(await readFile(path.join(uploads, `${fileId}.jpg`)))).toBe(sha(original));
    expect(sha((await get(`/api/files/${fileId}`)).rawPayload)).toBe(sha(original));
    expect((await t.store.files.findById(lostId))?.variants).toBeUndefined();

    // A second start has nothing to do.
    expect(await copyHistoryImages({ history: t.store.history, uploads: t.app.uploads, leases: t.store.lifecycle, log: t.app.log })).toBe(0);
    // A copy gone from the disk (uploads restored without it): its address gets the original, for
    // a few minutes only, and the next start makes the copy again.
    await rm(path.join(uploads, `${fileId}.w400.webp`));
    const fallback = await get(`/api/files/${fileId}?w=400`);
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('image/jpeg');
    expect(fallback.headers['cache-control']).toBe(ORIGINAL_FOR_WIDTH_CACHE);
    expect(sha(fallback.rawPayload)).toBe(sha(original));
    expect(await copyHistoryImages({ history: t.store.history, uploads: t.app.uploads, leases: t.store.lifecycle, log: t.app.log })).toBe(1);
    const remade = await get(`/api/files/${fileId}?w=400`);
    expect(remade.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': PUBLIC_CACHE });
    expect((await sharp(remade.rawPayload).metadata()).width).toBe(400);
    expect(sha(await readFile(path.join(uploads, `${fileId}.jpg`)))).toBe(sha(original));
  });

  it('?w= answered with the original (no copies yet) is cached a few minutes, its length what is on the disk', async () => {
    const original = await makeWideJpeg(1000, 500);
    const { fileId } = await storeLegacyImage(t.store, t.dataDir, original, { width: 1000, height: 500, ownerId: admin.userId });
    // a record whose size is not the file's (the uploads restored from another copy of the disk)
    const record = (await t.store.files.findById(fileId))!;
    expect(record.variants).toBeUndefined();
    const smaller = await makeWideJpeg(1000, 400);
    expect(smaller.length).not.toBe(record.bytes);
    await writeFile(path.join(t.dataDir, 'uploads', record.storedName), smaller);

    const asked = await get(`/api/files/${fileId}?w=400`);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('image/jpeg');
    expect(asked.headers['cache-control']).toBe(ORIGINAL_FOR_WIDTH_CACHE);
    expect(Number(asked.headers['content-length'])).toBe(smaller.length);
    expect(sha(asked.rawPayload)).toBe(sha(smaller));
    // the address without ?w= is the original's for good
    const plain = await get(`/api/files/${fileId}`);
    expect(plain.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(Number(plain.headers['content-length'])).toBe(smaller.length);
  });

  it('a private file has no public address, with ?w= or without; its own address answers the original, never a copy', async () => {
    const original = await makeWideJpeg(1200, 600);
    const { fileId, file } = await storeLegacyImage(t.store, t.dataDir, original, { width: 1200, height: 600, ownerId: admin.userId, visibility: 'private' });
    // even listed copies on the disk (as if it had been public once) are never sent from here
    const copyName = `${fileId}.w400.webp`;
    await writeFile(path.join(t.dataDir, 'uploads', copyName), await sharp(original).resize({ width: 400 }).webp().toBuffer());
    await t.store.files.setVariants(fileId, [{ width: 400, height: 200, mime: 'image/webp', storedName: copyName, bytes: 1 }]);

    for (const url of [`/api/files/${fileId}?w=400`, `/api/files/${fileId}`]) expect((await get(url)).statusCode, url).toBe(404);
    const own = await call(t.app, { method: 'GET', url: `/api/files/private/${fileId}?w=400`, token: admin.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(sha(own.rawPayload)).toBe(sha(await readFile(file)));
    expect((await call(t.app, { method: 'GET', url: `/api/files/private/${fileId}?w=400` })).statusCode).toBe(401);
  });
});

/** The copy job (services/history-images) on its own store: the lease, an abort, failures, a remove meanwhile. */
describe('history images: the copy job', () => {
  let t: TestApp;
  let ownerId: string;
  let wide: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await signIn(t, ADMIN.email, ADMIN.password)).userId;
    wide = await makeWideJpeg(1600, 800);
  });
  afterAll(() => t?.close());

  const legacy = (bytes = wide) => storeLegacyImage(t.store, t.dataDir, bytes, { width: 1600, height: 800, ownerId });
  const copiesOf = async (fileId: string) => (await storedUploads(t.dataDir)).filter((name) => name.startsWith(`${fileId}.w`));
  const job = (overrides: Partial<HistoryImageCopiesDeps> = {}) =>
    copyHistoryImages({ history: t.store.history, uploads: t.app.uploads, leases: t.store.lifecycle, log: recordingLog().log, retryMs: 10, ...overrides });
  /** The upload service, counting the copies each ensureVariants made and the files it was asked for. */
  const counting = (uploads: UploadService = t.app.uploads) => {
    const seen = { made: 0, calls: [] as string[] };
    const wrapped: HistoryImageCopiesDeps['uploads'] = {
      sweepPartFiles: uploads.sweepPartFiles,
      ensureVariants: async (fileId, widths) => {
        seen.calls.push(fileId);
        const result = await uploads.ensureVariants(fileId, widths);
        seen.made += result.made;
        return result;
      },
    };
    return { seen, wrapped };
  };
  /** The files repository with one method replaced. */
  const filesWith = (override: Partial<FilesRepository>): FilesRepository => Object.assign(Object.create(t.store.files) as FilesRepository, override);

  it('two processes at once: one holds the lease and makes each copy once, the other finds them made', async () => {
    const images = await Promise.all([legacy(), legacy(), legacy()]);
    const [a, b] = [counting(), counting()];
    const copied = await Promise.all([job({ uploads: a.wrapped }), job({ uploads: b.wrapped })]);
    expect(copied.sort()).toEqual([0, 3]);
    // 3 images × 3 widths, made once between them
    expect(a.seen.made + b.seen.made).toBe(9);
    for (const { fileId } of images) {
      expect(await copiesOf(fileId)).toEqual([`${fileId}.w1280.webp`, `${fileId}.w400.webp`, `${fileId}.w800.webp`]);
      expect((await t.store.files.findById(fileId))?.variants?.map((variant) => variant.width)).toEqual([400, 800, 1280]);
    }
    expect((await storedUploads(t.dataDir)).filter((name) => name.endsWith('.part'))).toEqual([]);
    // the lease was let go: the next start takes it at once
    expect(await t.store.lifecycle.acquireLease(HISTORY_IMAGES_LEASE, 'next', new Date(), new Date(Date.now() + 1000))).toBe(true);
    await t.store.lifecycle.releaseLease(HISTORY_IMAGES_LEASE, 'next');
  });

  it('waits while another process holds the lease, and takes over once it lapses (the holder died)', async () => {
    const { fileId } = await legacy();
    const lapses = Date.now() + 300;
    await t.store.lifecycle.acquireLease(HISTORY_IMAGES_LEASE, 'a-dead-process', new Date(), new Date(lapses));
    let firstImageAt = 0;
    const { seen, wrapped } = counting();
    const timed: HistoryImageCopiesDeps['uploads'] = {
      ...wrapped,
      ensureVariants: (id, widths) => {
        firstImageAt ||= Date.now();
        return wrapped.ensureVariants(id, widths);
      },
    };
    expect(await job({ uploads: timed })).toBe(1);
    // nothing was touched while the other held it
    expect(firstImageAt).toBeGreaterThanOrEqual(lapses);
    expect(seen.made).toBe(3);
    expect(await copiesOf(fileId)).toHaveLength(3);
  });

  it('stops between two images when aborted, and while it waits for the lease', async () => {
    await Promise.all([legacy(), legacy(), legacy()]);
    const stop = new AbortController();
    const { seen, wrapped } = counting();
    const stopping: HistoryImageCopiesDeps['uploads'] = {
      ...wrapped,
      ensureVariants: async (fileId, widths) => {
        const result = await wrapped.ensureVariants(fileId, widths);
        stop.abort();
        return result;
      },
    };
    expect(await job({ uploads: stopping, signal: stop.signal })).toBe(1);
    expect(seen.calls).toHaveLength(1);
    // the lease was let go: the next run does the rest
    expect(await job()).toBe(2);

    await t.store.lifecycle.acquireLease(HISTORY_IMAGES_LEASE, 'another-process', new Date(), new Date(Date.now() + 60_000));
    const waiting = new AbortController();
    const { seen: none, wrapped: untouched } = counting();
    const run = job({ uploads: untouched, signal: waiting.signal, retryMs: 30_000 });
    setTimeout(() => waiting.abort(), 50);
    const started = Date.now();
    expect(await run).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(none.calls).toEqual([]);
    await t.store.lifecycle.releaseLease(HISTORY_IMAGES_LEASE, 'another-process');
  });

  it('an image that cannot be decoded is recorded without copies, served as it is, and passed over at the next start', async () => {
    const damaged = Buffer.concat([wide.subarray(0, 2), Buffer.from('not the rest of a JPEG at all '.repeat(20))]);
    const { fileId } = await legacy(damaged);
    /** The upload service and the job, both writing to this log. */
    const logged = ({ log }: ReturnType<typeof recordingLog>) => ({ log, uploads: createUploadService({ dataDir: t.dataDir, files: t.store.files, log: log as FastifyBaseLogger }) });
    const first = recordingLog();
    expect(await job(logged(first))).toBe(0);
    expect(first.warnings).toEqual(['a stored image could not be decoded; it keeps its original alone']);
    expect((await t.store.files.findById(fileId))?.variants).toEqual([]);
    expect(await copiesOf(fileId)).toEqual([]);
    const served = await call(t.app, { method: 'GET', url: `/api/files/${fileId}?w=400` });
    expect(served.statusCode).toBe(200);
    expect(sha(served.rawPayload)).toBe(sha(damaged));

    const second = recordingLog();
    const { seen, wrapped } = counting(logged(second).uploads);
    expect(await job({ log: second.log, uploads: wrapped })).toBe(0);
    expect(second.warnings).toEqual([]);
    expect(seen.made).toBe(0);
  });

  it('a failing call removes only the copies it created, never one another process made', async () => {
    const { fileId } = await legacy();
    // another process wrote the 400 px copy a moment ago
    const theirs = path.join(t.dataDir, 'uploads', `${fileId}.w400.webp`);
    const theirBytes = await sharp(wide).resize({ width: 400 }).webp({ quality: 80 }).toBuffer();
    await writeFile(theirs, theirBytes, { mode: 0o600 });
    const failing = createUploadService({
      dataDir: t.dataDir,
      files: filesWith({ setVariants: () => Promise.reject(new Error('the store went away')) }),
      log: t.app.log,
    });
    await expect(failing.ensureVariants(fileId, HISTORY_IMAGE_WIDTHS)).rejects.toThrow('the store went away');
    expect(await copiesOf(fileId)).toEqual([`${fileId}.w400.webp`]);
    expect(sha(await readFile(theirs))).toBe(sha(theirBytes));
    // the next run makes the others and keeps that one
    expect((await t.app.uploads.ensureVariants(fileId, HISTORY_IMAGE_WIDTHS)).made).toBe(3);
    expect(await copiesOf(fileId)).toHaveLength(3);
  });

  it('a file removed between its copies being written and recorded keeps none on the disk', async () => {
    const { fileId, file } = await legacy();
    const racing = filesWith({
      setVariants: async (id, variants) => {
        expect(await copiesOf(id)).toHaveLength(3);
        // an admin deletes the entry at this moment (its request's remove)
        await t.app.uploads.remove(id);
        return t.store.files.setVariants(id, variants);
      },
    });
    const uploads = createUploadService({ dataDir: t.dataDir, files: racing, log: t.app.log });
    expect(await uploads.ensureVariants(fileId, HISTORY_IMAGE_WIDTHS)).toEqual({ file: null, made: 0 });
    expect((await storedUploads(t.dataDir)).filter((name) => name.includes(fileId))).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect(await t.store.files.findById(fileId)).toBeNull();
  });

  it('removes the temp files of writes a stopped process never finished, not those of a write under way', async () => {
    const uploadsDir = path.join(t.dataDir, 'uploads');
    const stale = path.join(uploadsDir, `.${newId()}.jpg.0a1b2c3d.part`);
    const fresh = path.join(uploadsDir, `.${newId()}.w400.webp.4e5f6a7b.part`);
    await writeFile(stale, 'half an image');
    await writeFile(fresh, 'a write under way');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await job();
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    await rm(fresh);
  });
});

describe('history images: a start', () => {
  it('the server makes the copies of an existing DATA_DIR after it starts, the originals untouched', async () => {
    const dir = await tempDir('le-history-images-');
    try {
      const config = loadConfig({ DATA_DIR: dir.path, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, root);
      // the previous build's DATA_DIR: an image without copies, a temp file left by a kill -9
      const before = await createStore(config);
      const original = await makeWideJpeg(1400, 700);
      const { fileId, file } = await storeLegacyImage(before, dir.path, original, { width: 1400, height: 700, ownerId: newId() });
      const part = path.join(dir.path, 'uploads', `.${newId()}.jpg.00112233.part`);
      await copyFile(file, part);
      const longAgo = new Date(Date.now() - 86_400_000);
      await utimes(part, longAgo, longAgo);
      await before.close();

      const server = await startServer(config, 'all', { logger: false });
      try {
        expect(await server.historyImages).toBe(1);
        expect((await server.app.store.files.findById(fileId))?.variants?.map((variant) => variant.width)).toEqual([400, 800, 1280]);
        const copy = await fetch(`${server.url}/api/files/${fileId}?w=800`);
        expect(copy.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(800);
        expect(sha(await readFile(file))).toBe(sha(original));
        expect(existsSync(part)).toBe(false);
      } finally {
        await server.close();
      }
    } finally {
      await dir.remove();
    }
  });
});
