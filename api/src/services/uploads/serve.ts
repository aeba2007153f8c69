/** Sending a stored file (or one of its copies) to a client, with safe headers. */
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../lib/errors';
import type { FileRecord } from '../../store/files-repository';
import type { UploadsFolder } from './folder';

export interface SendOptions {
  cacheControl: string;
  /** `?w=`: the narrowest copy at least this wide, else the original. */
  width?: number;
  /** The cache of the original when `width` was asked (a copy not made yet, or lost, may come later). */
  originalCacheControl?: string;
}

/**
 * Streams a stored file with safe headers; 404 when its bytes are gone. With `width`, the
 * narrowest copy at least that wide, or the original when it has none (a file stored before
 * copies existed, an image no wider than that, a copy lost from the disk), under
 * `originalCacheControl`: the address may answer a copy later, so it is not kept for good.
 */
export const sendStored = async (
  folder: UploadsFolder,
  reply: FastifyReply,
  record: FileRecord,
  { cacheControl, width, originalCacheControl }: SendOptions,
): Promise<FastifyReply> => {
  const copy = width !== undefined ? record.variants?.find((variant) => variant.width >= width) : undefined;
  // A copy whose bytes are gone (uploads restored without them) gives way to the original.
  const copyStats = copy ? await folder.present(copy.storedName) : null;
  const chosen = copy && copyStats ? copy : record;
  const stats = copyStats ?? (await folder.present(record.storedName));
  if (!stats) throw notFound('File not found.');
  const filePath = folder.pathOf(chosen.storedName);
  return reply
    .header('content-type', chosen.mime)
    // what is on the disk, whatever the record says
    .header('content-length', String(stats.size))
    .header('cache-control', width !== undefined && chosen === record ? (originalCacheControl ?? cacheControl) : cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${chosen.storedName}"`)
    .header('cross-origin-resource-policy', 'same-origin')
    .send(createReadStream(filePath));
};
