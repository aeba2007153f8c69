import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { HistoryRepository } from '../store/history-repository';
import type { LifecycleRepository } from '../store/lifecycle-repository';
import { HISTORY_IMAGE_WIDTHS, type UploadService } from './uploads';

/** The store's lease (in `leases`, beside the membership lifecycle's) of the one process copying now. */
export const HISTORY_IMAGES_LEASE = 'history-image-copies';

export interface HistoryImageCopiesDeps {
  history: HistoryRepository;
  uploads: Pick<UploadService, 'ensureVariants' | 'sweepPartFiles'>;
  leases: Pick<LifecycleRepository, 'acquireLease' | 'releaseLease'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Stops between two images, or while waiting for the lease (the server is closing). */
  signal?: AbortSignal;
  /** How long the lease holds without a renewal (renewed before each image): a dead holder is replaced after this. */
  leaseMs?: number;
  /** How often a process waiting for the lease tries again. */
  retryMs?: number;
  clock?: () => Date;
}

const PAGE = 50;

/**
 * The history images' start-up work, in one API process at a time: whoever holds the
 * `history-image-copies` lease (renewed before each image). Every process runs it after its start;
 * one that finds the lease taken tries again when it may have lapsed (the holder stopped or died),
 * and finds done whatever the holder did. Under the lease it
 * - removes the temp files of uploads a stopped process never finished (`.*.part`, an hour old);
 * - gives every history image its smaller copies (`ensureVariants`): one stored before copies were
 *   kept (an existing DATA_DIR) gets them from its stored bytes, one whose copies are listed but
 *   gone from the disk gets them again, one that cannot be decoded is recorded as having none and
 *   passed over from then on. The originals are only read; until its copies exist an entry lists
 *   (and the page loads) the original alone.
 * Returns how many images got copies (0 when it stopped before it held the lease).
 */
export const copyHistoryImages = async ({
  history,
  uploads,
  leases,
  log,
  signal,
  leaseMs = 60_000,
  retryMs = 30_000,
  clock = () => new Date(),
}: HistoryImageCopiesDeps): Promise<number> => {
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const hold = () => {
    const now = clock();
    return leases.acquireLease(HISTORY_IMAGES_LEASE, holder, now, new Date(now.getTime() + leaseMs));
  };
  while (!(await hold())) {
    if (signal?.aborted) return 0;
    try {
      await sleep(retryMs, undefined, { signal, ref: false });
    } catch {
      return 0; // aborted while waiting
    }
  }
  let copied = 0;
  try {
    const swept = await uploads.sweepPartFiles();
    if (swept > 0) log.info({ swept }, `removed ${swept} unfinished upload temp files`);
    let before = null as Awaited<ReturnType<HistoryRepository['page']>>['next'];
    do {
      const page = await history.page({ before, limit: PAGE });
      for (const entry of page.entries) {
        if (signal?.aborted) return copied;
        // Held past its time (a stalled process) and taken over: the new holder goes on from here.
        if (!(await hold())) return copied;
        try {
          if ((await uploads.ensureVariants(entry.imageFileId, HISTORY_IMAGE_WIDTHS)).made > 0) copied += 1;
        } catch (error) {
          // one image that cannot be copied now (a full disk) keeps its original; the others go on
          log.warn({ err: error, fileId: entry.imageFileId }, 'could not make the copies of a history image');
        }
      }
      before = page.next;
    } while (before && !signal?.aborted);
    return copied;
  } finally {
    await leases.releaseLease(HISTORY_IMAGES_LEASE, holder).catch(() => undefined);
  }
};
