import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/**
 * A multipart/form-data form an upload route reads with `app.uploads.receive` (the same
 * `fileField` and `fields`). Documentation only: Fastify does not validate it (the uploads
 * service does); the docs show it as the route's `multipart/form-data` request body.
 */
export interface MultipartForm {
  fileField: string;
  fields?: readonly string[];
  /** The text fields the route refuses to go without. */
  required?: readonly string[];
}

declare module 'fastify' {
  interface FastifySchema {
    /** The route's multipart form, for the docs (see `MultipartForm`). */
    multipartForm?: MultipartForm;
  }
}

/** The OpenAPI schema of a multipart form: the file as binary, the text fields as strings. */
const formSchema = (form: MultipartForm) => ({
  type: 'object',
  properties: {
    [form.fileField]: { type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image (at most 5 MB)' },
    ...Object.fromEntries((form.fields ?? []).map((field) => [field, { type: 'string' }])),
  },
  required: [form.fileField, ...(form.required ?? [])],
});

/**
 * The body to document: a multipart form beside the JSON body a route may also take (by media
 * type, as @fastify/swagger reads `body.content`).
 */
const documentedBody = (body: unknown, form: MultipartForm | undefined): unknown => {
  if (!form) return body;
  const json =
    body === undefined
      ? {}
      : typeof body === 'object' && body !== null && 'content' in body
        ? (body as { content: Record<string, unknown> }).content
        : { 'application/json': { schema: body } };
  return { content: { ...json, 'multipart/form-data': { schema: formSchema(form) } } };
};

/** The areas of the API, as tags in the docs (the first path segment after /api). */
const TAGS = [
  { name: 'auth', description: 'Accounts, sessions, profile, activity log' },
  { name: 'chat', description: 'The live room and private chats with the admins (event-sourced; realtime at /socket.io)' },
  { name: 'payments', description: 'Membership payments by bank transfer' },
  { name: 'history', description: 'History posts' },
  { name: 'files', description: 'Uploaded images, public and private' },
  { name: 'signals', description: 'The live buy/sell feed and its record (event-sourced; each as the caller may see it; realtime `signal:event`)' },
  { name: 'admin', description: 'The admin console: payments, members, stats' },
  { name: 'moderation', description: 'Moderation of the live room: reports, timeouts, slow mode and the pin, blocked terms, the log (realtime `moderation:report`, `moderation:count`, `user:restricted`)' },
  { name: 'health', description: 'Liveness' },
  { name: 'push', description: 'Web Push: the VAPID key, this device\'s subscription, a test notification' },
  { name: 'notifications', description: 'Which notifications reach the caller\'s devices' },
] as const;

/** What each status means across the API (the docs' response descriptions). */
const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no content',
  302: 'Redirect',
  400: 'Invalid input (the message says what)',
  401: 'No valid token, or the session has ended',
  403: 'Not allowed for this account',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Too large',
  415: 'Unsupported media type',
  429: 'Too many requests; see Retry-After',
  500: 'Failure on our side',
};

/**
 * The routes a caller may use without a token (every other route answers 401 without one). The
 * docs test checks this list against the server's answers, so it cannot drift.
 */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-code',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/session/end',
  'POST /api/auth/log-activity',
  'GET /api/history',
  'GET /api/files/{id}',
  'GET /api/chat/public',
  'GET /api/chat/events',
  'GET /api/signals',
  'GET /api/signals/stats',
  'GET /api/signals/events',
  'GET /api/signals/ledger',
  'GET /api/signals/ledger/checkpoints',
  'GET /api/signals/{id}',
  'GET /api/push/public-key',
]);

/**
 * Contract §12: OpenAPI 3 generated from the route schemas, browsable at /api/docs (Swagger UI)
 * and as JSON at /api/docs/json. Register before the routes: @fastify/swagger collects them as
 * they are added.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Lukis Emas API',
          version: '1',
          description:
            'The REST API of the Lukis Emas gold (XAU/USD) community. Every path is under /api on the site\'s own origin; realtime events come through Socket.IO at /socket.io. Errors are `{message, code?}`. Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`.',
        },
        tags: [...TAGS],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: ({ schema, url, route }) => {
        // Only the API: the web app's own routes (its index and files) are not part of it.
        if (!url.startsWith('/api/')) return { url, schema: { ...schema, hide: true } };
        const methods = [route.method].flat();
        const area = /^\/api\/([^/]+)/.exec(url)?.[1] ?? 'health';
        // `/api/history/` (a prefix's root route) is documented as `/api/history`, as the contract names it.
        const documented = url.length > 1 ? url.replace(/\/$/, '') : url;
        const path = documented.replace(/:(\w+)/g, '{$1}');
        const open = methods.every((method) => method === 'HEAD' || PUBLIC_ROUTES.has(`${method} ${path}`));
        const { multipartForm, ...rest } = schema ?? {};
        const body = documentedBody(rest.body, multipartForm);
        return {
          url: documented,
          schema: {
            ...rest,
            ...(body === undefined ? {} : { body }),
            // An area without a tag above is documented under its own name: the docs test refuses it.
            tags: schema?.tags ?? [area],
            ...(open ? {} : { security: [{ bearerAuth: [] }] }),
            ...(schema?.response
              ? {
                  response: Object.fromEntries(
                    Object.entries(schema.response as Record<string, object>).map(([status, response]) => [
                      status,
                      { description: STATUS_TEXT[status] ?? `Status ${status}`, ...response },
                    ]),
                  ),
                }
              : {}),
          },
        };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // No call to validator.swagger.io: the CSP allows images from this origin only.
      uiConfig: { validatorUrl: null, deepLinking: true, persistAuthorization: false },
      staticCSP: false,
      theme: { title: 'Lukis Emas API' },
    });
  },
  { name: 'api-docs' },
);
