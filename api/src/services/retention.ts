import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Store } from '../store';

const DAY_MS = 86_400_000;
/** Deletions per step: each step is a short indexed read and one write, then the event loop runs. */
export const RETENTION_BATCH = 200;
/** Codes and ended sessions are kept a day after they stop counting (the resend cooldown and support look at recent ones). */
const ENDED_GRACE_MS = DAY_MS;

export interface RetentionReport {
  activity: number;
  codes: number;
  sessions: number;
}

const drain = async (step: (limit: number) => Promise<number>, signal?: AbortSignal): Promise<number> => {
  let total = 0;
  while (!signal?.aborted) {
    const removed = await step(RETENTION_BATCH);
    total += removed;
    if (removed < RETENTION_BATCH) return total;
    await nextTurn();
  }
  return total;
};

/**
 * Contract §2 ACTIVITY_RETENTION_DAYS: activity entries older than that go; so do codes that
 * expired and sessions that ended (more than a day ago). Small batches, the event loop in between.
 */
export const purgeExpiredRecords = async (store: Store, options: { activityRetentionDays: number; now?: Date; signal?: AbortSignal }): Promise<RetentionReport> => {
  const { signal } = options;
  const now = options.now ?? new Date();
  const activityCutoff = new Date(now.getTime() - options.activityRetentionDays * DAY_MS);
  const endedCutoff = new Date(now.getTime() - ENDED_GRACE_MS);
  return {
    activity: await drain((limit) => store.activity.purgeBefore(activityCutoff, limit), signal),
    codes: await drain((limit) => store.codes.purgeExpiredBefore(endedCutoff, limit), signal),
    sessions: await drain((limit) => store.sessions.purgeEndedBefore(endedCutoff, limit), signal),
  };
};

/** Runs the purge now and then every `intervalMs` (a day); a failed run is logged and retried next time. */
export const scheduleRetention = (
  store: Store,
  options: { activityRetentionDays: number; intervalMs?: number },
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): { stop(): Promise<void> } => {
  let running: Promise<void> | null = null;
  const abort = new AbortController();
  const run = () => {
    if (running || abort.signal.aborted) return;
    running = purgeExpiredRecords(store, { ...options, signal: abort.signal })
      .then((report) => {
        if (report.activity + report.codes + report.sessions > 0) log.info({ retention: report }, 'retention: old records removed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'retention failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? DAY_MS);
  timer.unref();
  return {
    async stop() {
      abort.abort();
      clearInterval(timer);
      await running;
    },
  };
};
