import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, FileQuery, IdParams } from '@le/contracts/schemas';
import { forbidden, notFound } from '../lib/errors';

const Binary = { description: 'the image bytes', type: 'string', format: 'binary' } as const;

/** Ids are never reused and stored bytes never change: a public file may be cached for good. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/**
 * `?w=` answered with the original (copies not made yet, or one lost from the disk and made again
 * at the next start): the address answers a copy later, so it is kept five minutes, not a year.
 */
const ORIGINAL_FOR_WIDTH_CACHE = 'public, max-age=300';
const PRIVATE_CACHE = 'private, no-store';

/**
 * Stored uploads (services/uploads/). Public: profile photos, history images. Private: identity
 * photos and payment proofs, only for their owner and for admins (contract §5).
 */
const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id',
    { schema: { params: IdParams, querystring: FileQuery, response: { 200: Binary, 400: ErrorResponse, 404: ErrorResponse } } },
    async (request, reply) => {
      const record = await app.store.files.findById(request.params.id);
      // A private file is not found here: its address must not work without a token.
      if (!record || record.visibility !== 'public') throw notFound('File not found.');
      // `?w=`: the narrowest smaller copy at least that wide (never replaced: cached as long as the
      // original), else the original, cached briefly.
      return app.uploads.send(reply, record, { cacheControl: PUBLIC_CACHE, width: request.query.w, originalCacheControl: ORIGINAL_FOR_WIDTH_CACHE });
    },
  );

  app.get(
    '/private/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: IdParams,
        response: { 200: Binary, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { user } = request.auth!;
      const record = await app.store.files.findById(request.params.id);
      if (!record) throw notFound('File not found.');
      if (record.ownerId !== user._id && user.role !== 'admin') throw forbidden('This file is private.');
      // `?w=` means nothing here: a private file is always its original.
      return app.uploads.send(reply, record, { cacheControl: PRIVATE_CACHE });
    },
  );
};

export default fileRoutes;
