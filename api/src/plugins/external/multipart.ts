import multipart from '@fastify/multipart';
import { LIMITS } from '@le/contracts';
import fp from 'fastify-plugin';

/**
 * multipart/form-data for the upload routes. Nothing is written to disk here: parts are read into
 * memory within these limits by `services/uploads/`, which is the only reader.
 */
export default fp(
  async (app) => {
    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: LIMITS.uploadMaxBytes,
        files: 1,
        fields: 10,
        // A history description is the longest text field.
        fieldSize: 64 * 1024,
        fieldNameSize: 100,
        parts: 12,
        headerPairs: 100,
      },
    });
  },
  { name: 'multipart' },
);
