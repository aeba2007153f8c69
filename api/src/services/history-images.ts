import type { FastifyBaseLogger } from 'fastify';
import type { HistoryRepository } from '../store/history-repository';
import { HISTORY_IMAGE_WIDTHS, type UploadService } from './uploads';

export interface HistoryImageCopiesDeps {
  history: HistoryRepository;
  uploads: Pick<UploadService, 'ensureVariants'>;
  log: FastifyBaseLogger;
  /** Stops between two images (the server is closing). */
  signal?: AbortSignal;
}

const PAGE = 50;

/**
 * Gives every history image stored before smaller copies were kept (an existing DATA_DIR) its copies,
 * once, from its stored bytes; the originals are only read, and until its copies exist an entry lists
 * (and the page loads) the original alone. Runs in the background after a start; every API process
 * may run it: an image that has its copies is passed over, and two processes making the same copy
 * write the same bytes under the same name. Returns how many images got copies.
 */
export const copyHistoryImages = async ({ history, uploads, log, signal }: HistoryImageCopiesDeps): Promise<number> => {
  let copied = 0;
  let before = null as Awaited<ReturnType<HistoryRepository['page']>>['next'];
  do {
    const page = await history.page({ before, limit: PAGE });
    for (const entry of page.entries) {
      if (signal?.aborted) return copied;
      try {
        if ((await uploads.ensureVariants(entry.imageFileId, HISTORY_IMAGE_WIDTHS)).made > 0) copied += 1;
      } catch (error) {
        // one image that cannot be copied keeps its original; the others go on
        log.warn({ err: error, fileId: entry.imageFileId }, 'could not make the copies of a history image');
      }
    }
    before = page.next;
  } while (before && !signal?.aborted);
  return copied;
};
