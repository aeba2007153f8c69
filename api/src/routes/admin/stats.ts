import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIMITS, PAID_TIERS, type AdminStats } from '@le/contracts';
import { AdminStatsResponse } from '@le/contracts/schemas';
import type { Store } from '../../store';
import { adminErrors } from './schemas';

const TRIAL_ENDING_WINDOW_MS = 3 * 24 * 60 * 60_000;
/** The product's day is Indonesia's (WIB, UTC+7): "today" starts at midnight in Jakarta. */
const WIB_OFFSET_MS = 7 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export const startOfTodayWib = (now: Date): Date =>
  new Date(Math.floor((now.getTime() + WIB_OFFSET_MS) / DAY_MS) * DAY_MS - WIB_OFFSET_MS);

/** Chat messages posted since `since`, counted from the chat's event log (deleted ones included). */
export const countMessagesSince = (store: Store, since: Date): Promise<number> => store.chatEvents.countPostedSince(since);

/** "YYYY-MM" of a moment, in WIB. */
const monthWib = (date: Date): string => new Date(date.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 7);

/** The last 12 months (WIB) up to this one, oldest first, each with its approved payments' sum (contract §9). */
export const revenueByMonth = async (store: Store, now: Date): Promise<{ month: string; amount: number }[]> => {
  const wib = new Date(now.getTime() + WIB_OFFSET_MS);
  const months: string[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    months.push(new Date(Date.UTC(wib.getUTCFullYear(), wib.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  }
  const since = new Date(Date.parse(`${months[0]}-01T00:00:00Z`) - WIB_OFFSET_MS);
  const sums = new Map(months.map((month) => [month, 0]));
  for (const payment of await store.payments.approvedSince(since)) {
    const month = monthWib(payment.reviewedAt ?? payment.paymentDate);
    if (sums.has(month)) sums.set(month, sums.get(month)! + payment.amount);
  }
  return months.map((month) => ({ month, amount: sums.get(month)! }));
};

/** Members whose rights (the grace included) end within 7 days, soonest first (contract §9). */
export const renewalsDue = async (store: Store, now: Date) => {
  const grace = store.users.graceMs;
  const due = await store.users.membersEndingBetween(new Date(now.getTime() - grace), new Date(now.getTime() + 7 * DAY_MS - grace));
  return due.map((user) => ({
    _id: user._id,
    username: user.username,
    name: user.name,
    email: user.email,
    membershipTier: user.membershipTier,
    membershipEnd: user.membershipEnd!.toISOString(),
    graceEndsAt: user.graceEndsAt?.toISOString() ?? null,
  }));
};

/** The admin dashboard's numbers (/dashboard). */
const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users, sessions, payments } = app.store;

  app.get('/stats', { schema: { response: { 200: AdminStatsResponse, ...adminErrors } } }, async (): Promise<AdminStats> => {
    const now = new Date();
    const membersByTier: Record<string, number> = {};
    for (const tier of PAID_TIERS) membersByTier[tier] = await users.countActiveMembers(tier, now);
    membersByTier.trial = await users.countActiveTrials(now);
    membersByTier.expired = await users.countExpired(now);

    // Online = a fresh heartbeat (stored on the session) or a live socket (realtime presence).
    const heartbeatIds = await sessions.onlineUserIds(new Date(now.getTime() - LIMITS.presenceTtlMs));
    const socketIds = await app.presence.userIds();
    const online = await users.findManyByIds([...new Set([...heartbeatIds, ...socketIds])]);
    const ending = await users.trialsEndingBetween(now, new Date(now.getTime() + TRIAL_ENDING_WINDOW_MS));

    return {
      membersByTier,
      pendingPayments: await payments.countByStatus('pending'),
      trialsEndingSoon: ending.map((user) => ({
        _id: user._id,
        username: user.username,
        email: user.email,
        trialExpiresAt: user.trialExpiresAt!.toISOString(),
      })),
      onlineUsers: online
        .map((user) => ({ _id: user._id, username: user.username, role: user.role }))
        .sort((a, b) => a.username.localeCompare(b.username)),
      messagesToday: await countMessagesSince(app.store, startOfTodayWib(now)),
      revenueByMonth: await revenueByMonth(app.store, now),
      renewalsDue: await renewalsDue(app.store, now),
    };
  });
};

export default statsRoutes;
