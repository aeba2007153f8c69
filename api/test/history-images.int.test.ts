import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HistoryEntry } from '@le/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { copyHistoryImages } from '../src/services/history-images';
import { ADMIN, call, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers';
import { imageFile, makePng, multipart, storedUploads } from './multipart';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

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

    const copied = await copyHistoryImages({ history: t.store.history, uploads: t.app.uploads, log: t.app.log });
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
    expect(await copyHistoryImages({ history: t.store.history, uploads: t.app.uploads, log: t.app.log })).toBe(0);
    // A copy gone from the disk (uploads restored without it): its address gets the original.
    await rm(path.join(uploads, `${fileId}.w400.webp`));
    const fallback = await get(`/api/files/${fileId}?w=400`);
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('image/jpeg');
    expect(sha(fallback.rawPayload)).toBe(sha(original));
  });
});
