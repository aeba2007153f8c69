import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';
import { imageFile, makeJpeg, makePng, makePngBomb, makeWebp, multipart, storedUploads, type Part } from './multipart';

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, 'owner');
  other = await signUp(t, 'other');
  admin = await signIn(t, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

const upload = (url: string, parts: Part[], token: string | null = owner.token) => {
  const { payload, headers } = multipart(parts);
  return call(t.app, { method: 'POST', url, payload, headers, ...(token ? { token } : {}) });
};

const me = async (user: SignedInUser) =>
  (await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token })).json<{
    user: { photo_profile: string; image_identitas: string };
  }>().user;

describe('image uploads', () => {
  it('stores a profile photo under a name of ours, public, re-encoded without metadata', async () => {
    const jpeg = await makeJpeg(800, 600, true);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload('/api/auth/upload-profile', [
      imageFile('photo_profile', jpeg, '../../../etc/passwd.jpg'),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ file: string; message: string; user: { photo_profile: string } }>();
    expect(body.message).toBe('Image successfully uploaded and updated!');
    expect(body.file).toMatch(/^\/api\/files\/[a-f0-9]{24}$/);
    expect(body.user.photo_profile).toBe(body.file);
    expect((await me(owner)).photo_profile).toBe(body.file);

    const files = await storedUploads(t.dataDir);
    expect(files.some((name) => name.includes('passwd'))).toBe(false);
    expect(files).toContain(`${body.file.split('/').pop()}.jpg`);

    const served = await call(t.app, { method: 'GET', url: body.file });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('public');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(800);
  });

  it('accepts PNG and WebP and keeps their type; scales a big profile photo down', async () => {
    const png = await upload('/api/auth/upload-profile', [imageFile('photo_profile', await makePng(), 'a.png', 'image/png')]);
    expect(png.statusCode).toBe(200);
    const pngFile = await call(t.app, { method: 'GET', url: png.json<{ file: string }>().file });
    expect(pngFile.headers['content-type']).toBe('image/png');

    const webp = await upload('/api/auth/upload-profile', [
      imageFile('photo_profile', await makeWebp(2000, 1500), 'b.webp', 'application/octet-stream'),
    ]);
    expect(webp.statusCode).toBe(200);
    const webpFile = await call(t.app, { method: 'GET', url: webp.json<{ file: string }>().file });
    expect(webpFile.headers['content-type']).toBe('image/webp');
    expect((await sharp(webpFile.rawPayload).metadata()).width).toBe(1024);
  });

  it('removes the replaced photo, bytes and record', async () => {
    const first = (await upload('/api/auth/upload-profile', [imageFile('photo_profile', await makeJpeg())])).json<{ file: string }>().file;
    const before = await storedUploads(t.dataDir);
    const second = (await upload('/api/auth/upload-profile', [imageFile('photo_profile', await makeJpeg())])).json<{ file: string }>().file;
    const after = await storedUploads(t.dataDir);
    const firstId = first.split('/').pop()!;
    const secondId = second.split('/').pop()!;
    expect(before).toContain(`${firstId}.jpg`);
    expect(after).not.toContain(`${firstId}.jpg`);
    expect(after).toContain(`${secondId}.jpg`);
    expect(after.length).toBe(before.length);
    expect(await t.store.files.findById(firstId)).toBeNull();
    expect((await call(t.app, { method: 'GET', url: first })).statusCode).toBe(404);
  });

  describe('refuses the corpus with the right status and stores nothing', () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

    const cases: { name: string; status: number; parts: () => Promise<Part[]> }[] = [
      { name: 'HTML renamed .png', status: 415, parts: async () => [imageFile('photo_profile', html, 'x.png', 'image/png')] },
      { name: 'SVG', status: 415, parts: async () => [imageFile('photo_profile', svg, 'x.svg', 'image/svg+xml')] },
      { name: 'zero bytes', status: 400, parts: async () => [imageFile('photo_profile', Buffer.alloc(0))] },
      {
        name: 'truncated JPEG',
        status: 400,
        parts: async () => {
          const jpeg = await makeJpeg(400, 400);
          return [imageFile('photo_profile', jpeg.subarray(0, Math.floor(jpeg.length / 2)))];
        },
      },
      {
        name: '6 MiB',
        status: 413,
        parts: async () => {
          const jpeg = await makeJpeg();
          return [imageFile('photo_profile', Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024)]))];
        },
      },
      {
        name: 'two files',
        status: 400,
        parts: async () => [imageFile('photo_profile', await makeJpeg()), imageFile('photo_profile', await makeJpeg())],
      },
      {
        name: 'a 20000×20000 PNG',
        status: 413,
        parts: async () => [imageFile('photo_profile', makePngBomb(20_000, 20_000), 'bomb.png', 'image/png')],
      },
      { name: 'the wrong field', status: 400, parts: async () => [imageFile('avatar', await makeJpeg())] },
      { name: 'no file at all', status: 400, parts: async () => [{ name: 'photo_profile', value: 'not a file' }] },
    ];

    it.each(cases)('$name → $status', async ({ status, parts }) => {
      const filesBefore = await storedUploads(t.dataDir);
      const recordsBefore = await t.store.files.countByOwner(other.userId);
      const photoBefore = (await me(other)).photo_profile;
      const response = await upload('/api/auth/upload-profile', await parts(), other.token);
      expect(response.statusCode).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(/\w/);
      expect(await storedUploads(t.dataDir)).toEqual(filesBefore);
      expect(await t.store.files.countByOwner(other.userId)).toBe(recordsBefore);
      expect((await me(other)).photo_profile).toBe(photoBefore);
    });

    it('the same corpus on the private identity route', async () => {
      const filesBefore = await storedUploads(t.dataDir);
      for (const { status, parts } of cases) {
        const renamed = (await parts()).map((part) => (part.name === 'photo_profile' ? { ...part, name: 'image_identitas' } : part));
        const response = await upload('/api/auth/upload-identitas', renamed, other.token);
        expect(response.statusCode).toBe(status);
      }
      expect(await storedUploads(t.dataDir)).toEqual(filesBefore);
    });

    it('a request cut off in the middle of the file → 400, nothing stored', async () => {
      const filesBefore = await storedUploads(t.dataDir);
      const { payload, headers } = multipart([imageFile('photo_profile', await makeJpeg(300, 300))]);
      const cut = payload.subarray(0, Math.floor(payload.length * 0.6));
      const response = await call(t.app, { method: 'POST', url: '/api/auth/upload-profile', payload: cut, headers, token: other.token });
      expect(response.statusCode).toBe(400);
      expect(await storedUploads(t.dataDir)).toEqual(filesBefore);
      expect((await me(other)).photo_profile).toBe('');
    });

    it('a client that hangs up mid-upload leaves no file, temp or final', async () => {
      const filesBefore = await storedUploads(t.dataDir);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const { payload, headers } = multipart([imageFile('photo_profile', await makeJpeg(600, 600))]);
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/upload-profile',
          headers: { ...headers, 'content-length': String(payload.length), authorization: `Bearer ${other.token}` },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(payload.subarray(0, Math.floor(payload.length / 2)), () => setTimeout(() => req.destroy(), 100));
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await storedUploads(t.dataDir)).toEqual(filesBefore);
      expect((await me(other)).photo_profile).toBe('');
    });

    it('a JSON body → 415, no token → 401', async () => {
      const json = await call(t.app, { method: 'POST', url: '/api/auth/upload-profile', payload: { photo_profile: 'x' }, token: other.token });
      expect(json.statusCode).toBe(415);
      const anonymous = await upload('/api/auth/upload-profile', [imageFile('photo_profile', await makeJpeg())], null);
      expect(anonymous.statusCode).toBe(401);
    });
  });

  it('identity photos are private: owner and admins only, never cached, nosniff', async () => {
    const response = await upload('/api/auth/upload-identitas', [imageFile('image_identitas', await makeJpeg(1600, 900))]);
    expect(response.statusCode).toBe(200);
    const url = response.json<{ file: string }>().file;
    expect(url).toMatch(/^\/api\/files\/private\/[a-f0-9]{24}$/);
    expect((await me(owner)).image_identitas).toBe(url);
    const id = url.split('/').pop()!;

    expect((await call(t.app, { method: 'GET', url: `/api/files/${id}` })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url, token: other.token })).statusCode).toBe(403);
    for (const viewer of [owner, admin]) {
      const served = await call(t.app, { method: 'GET', url, token: viewer.token });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('roles: trial, expired member, member and admin each upload their own photos; guest 401', async () => {
    const expired = await signUp(t, 'upexpired');
    await t.store.users.update(expired.userId, { role: 'member', membershipTier: 'basic', membershipEnd: new Date(Date.now() - 1000) });
    const member = await signUp(t, 'upmember');
    await t.store.users.update(member.userId, { role: 'member', membershipTier: 'expert', membershipEnd: new Date(Date.now() + 86_400_000) });
    for (const user of [owner, expired, member, admin]) {
      for (const [url, field] of [['/api/auth/upload-profile', 'photo_profile'], ['/api/auth/upload-identitas', 'image_identitas']] as const) {
        const response = await upload(url, [imageFile(field, await makeJpeg(120, 90))], user.token);
        expect(response.statusCode, `${user.username} ${url}`).toBe(200);
        expect((await me(user))[field]).toBe(response.json<{ file: string }>().file);
      }
    }
    for (const url of ['/api/auth/upload-profile', '/api/auth/upload-identitas']) {
      expect((await upload(url, [imageFile('photo_profile', await makeJpeg())], null)).statusCode).toBe(401);
    }
    // The member's identity photo: not for the expired member, yes for the admin.
    const identity = (await me(member)).image_identitas;
    expect((await call(t.app, { method: 'GET', url: identity, token: expired.token })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: identity, token: admin.token })).statusCode).toBe(200);
  });

  it('file routes: a bad id → 400, an unknown id → 404', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/files/not-an-id' })).statusCode).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/api/files/0123456789abcdef01234567' })).statusCode).toBe(404);
    expect(
      (await call(t.app, { method: 'GET', url: '/api/files/private/0123456789abcdef01234567', token: owner.token })).statusCode,
    ).toBe(404);
  });
});
