import type { HistoryEntry } from '@le/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';
import { imageFile, makeJpeg, makePng, multipart, storedUploads, type Part } from './multipart';

const DAY = 86_400_000;

describe('history', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let trial: SignedInUser;
  let member: SignedInUser;
  let expired: SignedInUser;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    trial = await signUp(t, 'trial');
    member = await signUp(t, 'member');
    expired = await signUp(t, 'expired');
    await t.store.users.update(member.userId, { role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: new Date(Date.now() + 30 * DAY) });
    await t.store.users.update(expired.userId, { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: new Date(Date.now() - DAY) });
    jpeg = await makeJpeg(80, 60);
  });
  afterAll(() => t?.close());

  const form = (fields: Record<string, string>, file: Part | null = imageFile('image', jpeg)) =>
    multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...(file ? [file] : [])]);

  /** `token` null: no token at all. */
  const create = (fields: Record<string, string>, token: string | null = admin.token, file?: Part | null) => {
    const body = form(fields, file === undefined ? imageFile('image', jpeg) : file);
    return call(t.app, { method: 'POST', url: '/api/history', token: token ?? undefined, payload: body.payload, headers: body.headers });
  };

  const createOk = async (title: string, description = 'A painting of the day.'): Promise<HistoryEntry> => {
    const response = await create({ title, description });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ entry: HistoryEntry }>().entry;
  };

  const list = async (query = '') => {
    const response = await call(t.app, { method: 'GET', url: `/api/history${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ history: HistoryEntry[]; nextCursor: string | null }>();
  };

  const historyCount = async () => (await t.store.history.page({ limit: 1000 })).entries.length;

  it('starts empty, for anyone, wrapped with a null cursor', async () => {
    expect(await list()).toEqual({ history: [], nextCursor: null });
  });

  it('an admin publishes an entry with an image; anyone reads it and its image; the action is logged', async () => {
    const before = Date.now();
    const entry = await createOk('  Gold breaks 2,400  ', '  Buy signal at the London open.  ');
    expect(entry).toMatchObject({ title: 'Gold breaks 2,400', description: 'Buy signal at the London open.' });
    expect(entry._id).toMatch(/^[0-9a-f]{24}$/);
    expect(entry.image).toMatch(/^\/api\/files\/[0-9a-f]{24}$/);
    expect(Date.parse(entry.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const { history } = await list();
    expect(history[0]).toEqual(entry);

    const image = await call(t.app, { method: 'GET', url: entry.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');

    const logged = await t.store.activity.list({ limit: 10 });
    expect(logged.entries.find((record) => record.message.includes('Gold breaks 2,400'))).toMatchObject({ page: '/manage-history', role: 'admin' });
  });

  it('only admins write: no token 401; trial, expired member and member 403; nothing is stored', async () => {
    const files = await storedUploads(t.dataDir);
    const count = await historyCount();
    expect((await create({ title: 't', description: 'd' }, null)).statusCode).toBe(401);
    for (const user of [trial, expired, member]) {
      const response = await create({ title: 't', description: 'd' }, user.token);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toHaveProperty('message');
    }
    const entry = (await list()).history[0]!;
    for (const user of [undefined, trial, expired, member]) {
      const put = await call(t.app, { method: 'PUT', url: `/api/history/${entry._id}`, token: user?.token, payload: { title: 'hacked' } });
      expect(put.statusCode).toBe(user ? 403 : 401);
      const del = await call(t.app, { method: 'DELETE', url: `/api/history/${entry._id}`, token: user?.token });
      expect(del.statusCode).toBe(user ? 403 : 401);
    }
    expect(await storedUploads(t.dataDir)).toEqual(files);
    expect(await historyCount()).toBe(count);
    expect((await list()).history[0]).toEqual(entry);
  });

  it('refuses bad text with 400 and stores nothing: title 1–200, description 1–5000, after trimming', async () => {
    const files = await storedUploads(t.dataDir);
    const count = await historyCount();
    const cases: Record<string, string>[] = [
      { description: 'no title' },
      { title: 'no description' },
      { title: '   ', description: 'blank title' },
      { title: 'blank description', description: ' \n\t ' },
      { title: 'x'.repeat(201), description: 'long title' },
      { title: 'long description', description: 'y'.repeat(5001) },
    ];
    for (const fields of cases) {
      const response = await create(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/title|description/i);
    }
    expect(await storedUploads(t.dataDir)).toEqual(files);
    expect(await historyCount()).toBe(count);

    const longest = await createOk(` ${'x'.repeat(200)} `, 'y'.repeat(5000));
    expect(longest.title).toHaveLength(200);
    expect(longest.description).toHaveLength(5000);
  });

  it('refuses a bad image with the right status and stores nothing', async () => {
    const files = await storedUploads(t.dataDir);
    const count = await historyCount();
    const fields = { title: 'Bad image', description: 'Should not be stored.' };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: { file: Part | null; status: number }[] = [
      { file: null, status: 400 },
      { file: imageFile('image', Buffer.alloc(0)), status: 400 },
      { file: imageFile('image', svg, 'chart.svg', 'image/svg+xml'), status: 415 },
      { file: imageFile('image', Buffer.from('<html><body>hi</body></html>'), 'chart.png', 'image/png'), status: 415 },
      { file: imageFile('image', jpeg.subarray(0, Math.floor(jpeg.length / 2))), status: 400 },
      { file: imageFile('photo', jpeg), status: 400 },
    ];
    for (const { file, status } of cases) {
      const response = await create(fields, admin.token, file);
      expect(response.statusCode, response.body).toBe(status);
    }
    const twoFiles = multipart([{ name: 'title', value: 't' }, { name: 'description', value: 'd' }, imageFile('image', jpeg), imageFile('image', jpeg)]);
    const two = await call(t.app, { method: 'POST', url: '/api/history', token: admin.token, payload: twoFiles.payload, headers: twoFiles.headers });
    expect(two.statusCode).toBe(400);
    const json = await call(t.app, { method: 'POST', url: '/api/history', token: admin.token, payload: fields });
    expect(json.statusCode).toBe(415);

    expect(await storedUploads(t.dataDir)).toEqual(files);
    expect(await historyCount()).toBe(count);
  });

  it('pages newest first with a cursor: every entry once, in order; bad cursors and limits are 400', async () => {
    for (let i = 0; i < 5; i += 1) await createOk(`Page test ${i}`);
    const all = (await list('?limit=50')).history;
    expect(all.length).toBe(await historyCount());
    for (let i = 1; i < all.length; i += 1) expect(Date.parse(all[i - 1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(all[i]!.createdAt));
    expect(all[0]!.title).toBe('Page test 4');

    const seen: HistoryEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.history.length).toBeLessThanOrEqual(2);
      seen.push(...page.history);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));

    const defaultPage = await list();
    expect(defaultPage.history.length).toBe(Math.min(12, all.length));

    for (const query of ['?before=not-a-cursor', '?before=%3Cscript%3E', '?limit=0', '?limit=51', '?limit=abc']) {
      const response = await call(t.app, { method: 'GET', url: `/api/history${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('edits the text by JSON: trimmed, checked, 404 for an unknown id, 400 for a bad id or nothing to change', async () => {
    const entry = await createOk('Before edit', 'Old text');
    const edit = (id: string, payload: unknown) => call(t.app, { method: 'PUT', url: `/api/history/${id}`, token: admin.token, payload: payload as object });

    const edited = await edit(entry._id, { title: '  After edit  ' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ entry: HistoryEntry }>().entry).toEqual({ ...entry, title: 'After edit' });

    const both = await edit(entry._id, { title: 'Both', description: 'New text' });
    expect(both.json<{ entry: HistoryEntry }>().entry).toMatchObject({ title: 'Both', description: 'New text', image: entry.image, createdAt: entry.createdAt });

    expect((await edit(entry._id, {})).statusCode).toBe(400);
    expect((await edit(entry._id, { title: '' })).statusCode).toBe(400);
    expect((await edit(entry._id, { description: 'z'.repeat(5001) })).statusCode).toBe(400);
    expect((await edit(entry._id, { title: 42 })).statusCode).toBe(400);
    expect((await edit('0123456789abcdef01234567', { title: 'x' })).statusCode).toBe(404);
    expect((await edit('not-an-id', { title: 'x' })).statusCode).toBe(400);
    expect((await list('?limit=50')).history.find((item) => item._id === entry._id)).toMatchObject({ title: 'Both', description: 'New text' });
  });

  it('replaces the image by multipart: the old file goes, a bad new image changes nothing', async () => {
    const entry = await createOk('Image swap', 'Original image');
    const oldFileId = entry.image.split('/').pop()!;
    const filesBefore = await storedUploads(t.dataDir);

    const bad = form({ title: 'Should not apply' }, imageFile('image', Buffer.from('GIF89a not really'), 'x.gif', 'image/gif'));
    const refused = await call(t.app, { method: 'PUT', url: `/api/history/${entry._id}`, token: admin.token, payload: bad.payload, headers: bad.headers });
    expect(refused.statusCode).toBe(415);
    expect(await storedUploads(t.dataDir)).toEqual(filesBefore);
    expect((await t.store.history.findById(entry._id))?.title).toBe('Image swap');

    const png = form({ description: 'New image' }, imageFile('image', await makePng(40, 40), 'new.png', 'image/png'));
    const swapped = await call(t.app, { method: 'PUT', url: `/api/history/${entry._id}`, token: admin.token, payload: png.payload, headers: png.headers });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const updated = swapped.json<{ entry: HistoryEntry }>().entry;
    expect(updated).toMatchObject({ title: 'Image swap', description: 'New image', createdAt: entry.createdAt });
    expect(updated.image).not.toBe(entry.image);

    expect((await call(t.app, { method: 'GET', url: entry.image })).statusCode).toBe(404);
    expect(await t.store.files.findById(oldFileId)).toBeNull();
    const newImage = await call(t.app, { method: 'GET', url: updated.image });
    expect(newImage.statusCode).toBe(200);
    expect(newImage.headers['content-type']).toBe('image/png');
    const filesAfter = await storedUploads(t.dataDir);
    expect(filesAfter.length).toBe(filesBefore.length);
    expect(filesAfter.some((name) => name.startsWith(oldFileId))).toBe(false);

    const missing = form({ title: 'x' }, imageFile('image', jpeg));
    const gone = await call(t.app, { method: 'PUT', url: '/api/history/0123456789abcdef01234567', token: admin.token, payload: missing.payload, headers: missing.headers });
    expect(gone.statusCode).toBe(404);
    expect((await storedUploads(t.dataDir)).length).toBe(filesAfter.length);
  });

  it('image swaps at once: each wins or gets 409, and no file is left behind', async () => {
    const entry = await createOk('Race', 'Two admins, one entry');
    const before = (await storedUploads(t.dataDir)).length;
    const swap = () => {
      const body = form({}, imageFile('image', jpeg));
      return call(t.app, { method: 'PUT', url: `/api/history/${entry._id}`, token: admin.token, payload: body.payload, headers: body.headers });
    };
    const statuses = (await Promise.all([swap(), swap(), swap()])).map((response) => response.statusCode);
    // Whoever read the entry before another swap landed loses with 409; the first always wins.
    expect(statuses).toContain(200);
    for (const status of statuses) expect([200, 409]).toContain(status);
    const current = await t.store.history.findById(entry._id);
    const files = await storedUploads(t.dataDir);
    expect(files.length).toBe(before);
    expect(files.some((name) => name.startsWith(current!.imageFileId))).toBe(true);
  });

  it('deletes an entry and its image; a second delete is 404', async () => {
    const entry = await createOk('To delete', 'Short-lived');
    const fileId = entry.image.split('/').pop()!;
    const response = await call(t.app, { method: 'DELETE', url: `/api/history/${entry._id}`, token: admin.token });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list('?limit=50')).history.some((item) => item._id === entry._id)).toBe(false);
    expect((await call(t.app, { method: 'GET', url: entry.image })).statusCode).toBe(404);
    expect((await storedUploads(t.dataDir)).some((name) => name.startsWith(fileId))).toBe(false);
    expect((await call(t.app, { method: 'DELETE', url: `/api/history/${entry._id}`, token: admin.token })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'DELETE', url: '/api/history/nope', token: admin.token })).statusCode).toBe(400);
    const logged = await t.store.activity.list({ limit: 50 });
    expect(logged.entries.some((record) => record.message === 'Deleted history entry "To delete"')).toBe(true);
  });
});
