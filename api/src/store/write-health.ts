import { isStoreUnavailable } from '../lib/store-failures';

/** How long a write the store refused keeps health failing, unless a later write gets through. */
const FAILURE_HOLD_MS = 10_000;
/** A probe write at most this often, however often health is asked. */
const PROBE_EVERY_MS = 1_000;

export type PartHealth = 'ok' | 'failing';

/**
 * Whether the store can write now (contract §15): failing from a write it refused for our own
 * reasons (full disk, I/O error, database away) until a later write succeeds or the hold passes;
 * otherwise what a small write of its own (the driver's probe) says. Health that only read would
 * say ok on a full disk, where every read still works.
 */
export class WriteHealth {
  private failedAt: number | null = null;
  private lastProbe: { at: number; result: Promise<PartHealth> } | null = null;
  private probeFn: (() => Promise<void>) | null = null;

  /** Notes the outcome of a write; only our own failures count (a duplicate key is not one). */
  failed(error: unknown): void {
    if (isStoreUnavailable(error)) this.failedAt = Date.now();
  }

  succeeded(): void {
    this.failedAt = null;
  }

  setProbe(probe: () => Promise<void>): void {
    this.probeFn = probe;
  }

  check(now = Date.now()): Promise<PartHealth> {
    if (this.failedAt !== null && now - this.failedAt < FAILURE_HOLD_MS) return Promise.resolve('failing');
    if (this.lastProbe && now - this.lastProbe.at < PROBE_EVERY_MS) return this.lastProbe.result;
    const probe = this.probeFn;
    const result: Promise<PartHealth> = probe
      ? probe().then(
          () => 'ok' as const,
          (error: unknown) => {
            this.failed(error);
            return 'failing' as const;
          },
        )
      : Promise.resolve('ok');
    this.lastProbe = { at: now, result };
    return result;
  }
}
