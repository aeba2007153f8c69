import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app as appPlugin } from '../src/app';
import { createMailer } from '../src/plugins/app/mailer';
import { PUBLIC_ROUTES } from '../src/plugins/external/api-docs';
import { call, createTestApp, type TestApp } from './helpers';

/** Contract §12: /api/docs (Swagger UI) and /api/docs/json (OpenAPI 3 from the route schemas). */
interface Operation {
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
interface OpenApi {
  openapi: string;
  info: { title: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let doc: OpenApi;
const routes: RouteOptions[] = [];
const documentedPath = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url).replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  t = await createTestApp();
  const response = await call(t.app, { method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApi>();
  // The routes as the server registers them, for the comparison.
  const server = Fastify({ logger: false });
  server.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await server.register(appPlugin, { config: t.config, store: t.store, mailer: createMailer({ smtpUrl: null, from: t.config.mailFrom, outbox: t.config.mailOutbox }) });
  await server.ready();
  await server.close();
});
afterAll(() => t.close());

const apiRoutes = () =>
  routes
    .filter((route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs'))
    .flatMap((route) => [route.method].flat().filter((method) => method !== 'HEAD').map((method) => ({ method, route })));

describe('the API documentation', () => {
  it('/api/docs/json is OpenAPI 3 with bearer auth and lists every route with its parameters and per-status responses', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Lukis Emas API');
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const listed = apiRoutes();
    expect(listed.length).toBeGreaterThan(40);
    for (const { method, route } of listed) {
      const operation = doc.paths[documentedPath(route.url)]?.[method.toLowerCase()];
      expect(operation, `${method} ${route.url}`).toBeDefined();
      const declared = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
      expect(Object.keys(operation!.responses).sort(), `${method} ${route.url}`).toEqual(declared.sort());
      expect(operation!.tags?.length, `${method} ${route.url}`).toBe(1);
      expect(doc.tags.map((tag) => tag.name), `${method} ${route.url} has a tag of the list`).toContain(operation!.tags![0]);
      for (const name of route.url.match(/:(\w+)/g) ?? []) {
        expect(operation!.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)), `${route.url} ${name}`).toBe(true);
      }
    }
    // Bodies and queries come through: the login body, the chat's cursor query.
    expect(doc.paths['/api/auth/login']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/chat']!.get!.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['before', 'limit']));
    expect(doc.paths['/api/admin/stats']!.get!.tags).toEqual(['admin']);
  });

  it('marks exactly the routes that answer 401 without a token as needing the bearer token', async () => {
    let n = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        n += 1;
        const url = path.replace(/\{[^}]+\}/g, 'a'.repeat(24));
        const response = await call(t.app, { method: method.toUpperCase() as 'GET', url, ip: `10.250.${n >> 8}.${n & 255}` });
        const needsToken = operation.security !== undefined;
        expect({ route: `${method.toUpperCase()} ${path}`, status401: response.statusCode === 401 }).toEqual({ route: `${method.toUpperCase()} ${path}`, status401: needsToken });
        expect(needsToken).toBe(!PUBLIC_ROUTES.has(`${method.toUpperCase()} ${path}`));
      }
    }
  });

  it('/api/docs serves Swagger UI under the site\'s CSP, without third-party requests', async () => {
    const page = await call(t.app, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Lukis Emas API</title>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/);
    const initializer = await call(t.app, { method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('"validatorUrl":null');
    expect(initializer.body).toContain("resolveUrl('./json')");
  });

  it('documents each upload route\'s multipart form: the file as binary and the text fields it reads', () => {
    type Media = Record<string, { schema: { properties: Record<string, { type: string; format?: string }>; required?: string[] } }>;
    const form = (path: string, method: string) => (doc.paths[path]?.[method]?.requestBody as { content: Media } | undefined)?.content;
    const expected: [string, string, string, string[], string[]][] = [
      ['/api/payments', 'post', 'paymentProof', ['membershipTier', 'duration'], ['paymentProof', 'membershipTier', 'duration']],
      ['/api/history', 'post', 'image', ['title', 'description'], ['image', 'title', 'description']],
      ['/api/history/{id}', 'put', 'image', ['title', 'description'], ['image']],
      ['/api/auth/upload-profile', 'post', 'photo_profile', [], ['photo_profile']],
      ['/api/auth/upload-identitas', 'post', 'image_identitas', [], ['image_identitas']],
    ];
    for (const [path, method, file, fields, required] of expected) {
      const multipart = form(path, method)?.['multipart/form-data']?.schema;
      expect(multipart, `${method} ${path}`).toBeDefined();
      expect(multipart!.properties[file]).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(multipart!.properties).sort()).toEqual([file, ...fields].sort());
      expect(multipart!.required?.sort()).toEqual([...required].sort());
    }
    // PUT /history/:id takes JSON as well: both forms, by media type
    const json = form('/api/history/{id}', 'put')?.['application/json']?.schema;
    expect(Object.keys(json?.properties ?? {}).sort()).toEqual(['description', 'title']);
  });
});
