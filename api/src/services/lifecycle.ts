import { randomBytes } from 'node:crypto';
import type { Mail, Mailer } from '../plugins/app/mailer';
import type { EventPublisher } from '../plugins/app/publisher';
import type { Store, UserRecord } from '../store';
import type { NoticeKind } from '../store/lifecycle-repository';
import { announceMembership } from './membership-events';
import type { PushNotifier } from './push';

const DAY_MS = 86_400_000;
const LEASE = 'membership-lifecycle';
/** How far back an ended membership still gets its notices: older ends (before this job ran at all) are left alone. */
const LOOK_BACK_MS = 7 * DAY_MS;

export type ReminderKind = Exclude<NoticeKind, 'rights-ended'>;

/** From the least to the most urgent: once a reminder went out, the less urgent ones never do. */
const URGENCY: ReminderKind[] = ['ends-in-7-days', 'ends-tomorrow', 'ended'];

/** The most urgent reminder that applies now, or null (contract §9: an end 20 hours away gets the 1-day mail only). */
export const reminderFor = (membershipEnd: Date, now: Date): ReminderKind | null => {
  const left = membershipEnd.getTime() - now.getTime();
  if (left <= 0) return left > -LOOK_BACK_MS ? 'ended' : null;
  if (left <= DAY_MS) return 'ends-tomorrow';
  if (left <= 7 * DAY_MS) return 'ends-in-7-days';
  return null;
};

const SUBJECTS: Record<ReminderKind, string> = {
  'ends-in-7-days': 'Lukis Emas: your membership ends in 7 days',
  'ends-tomorrow': 'Lukis Emas: your membership ends tomorrow',
  ended: 'Lukis Emas: your membership has ended',
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "23 November 2026 14:05 WIB": the product's day and clock are Jakarta's, the time 24-hour HH:mm. */
const whenWib = (date: Date, locale: 'en-GB' | 'id-ID'): string => {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' }).format(date);
  const wib = new Date(date.getTime() + 7 * 3_600_000);
  const time = `${String(wib.getUTCHours()).padStart(2, '0')}:${String(wib.getUTCMinutes()).padStart(2, '0')}`;
  return `${day} ${time} WIB`;
};

const TIER_NAMES: Record<string, string> = { basic: 'Basic', pro: 'Pro', expert: 'Expert' };

/** A reminder in the product's look (gold on dark), in English and Indonesian, with a link to renew. */
export const reminderMail = (user: Pick<UserRecord, 'email' | 'name' | 'membershipTier' | 'membershipEnd' | 'graceEndsAt'>, kind: ReminderKind, renewUrl: string): Mail => {
  const end = user.membershipEnd!;
  const tier = TIER_NAMES[user.membershipTier.toLowerCase()] ?? user.membershipTier;
  const grace = user.graceEndsAt && user.graceEndsAt.getTime() > end.getTime() ? user.graceEndsAt : null;
  const lines: Record<ReminderKind, [string, string]> = {
    'ends-in-7-days': [`Your ${tier} membership ends on ${whenWib(end, 'en-GB')}.`, `Membership ${tier} Anda berakhir pada ${whenWib(end, 'id-ID')}.`],
    'ends-tomorrow': [`Your ${tier} membership ends tomorrow, ${whenWib(end, 'en-GB')}.`, `Membership ${tier} Anda berakhir besok, ${whenWib(end, 'id-ID')}.`],
    ended: [
      grace
        ? `Your ${tier} membership ended on ${whenWib(end, 'en-GB')}. Pay by ${whenWib(grace, 'en-GB')} to keep access: your new period continues from the old end.`
        : `Your ${tier} membership ended on ${whenWib(end, 'en-GB')}. The live chart, the signals' levels and posting in the live room are closed until you renew.`,
      grace
        ? `Membership ${tier} Anda berakhir pada ${whenWib(end, 'id-ID')}. Bayar sebelum ${whenWib(grace, 'id-ID')} agar akses tetap berjalan.`
        : `Membership ${tier} Anda telah berakhir pada ${whenWib(end, 'id-ID')}. Perpanjang untuk membuka kembali chart live, level sinyal, dan live room.`,
    ],
  };
  const [en, id] = lines[kind];
  const renewEn = 'Renew your membership';
  const renewId = 'Perpanjang membership';
  const text = [`Hi ${user.name},`, '', en, `${renewEn}: ${renewUrl}`, '', id, `${renewId}: ${renewUrl}`, '', 'Lukis Emas'].join('\n');
  const button = `<a href="${escapeHtml(renewUrl)}" style="display:inline-block;background:#d4a017;color:#111111;font-weight:700;text-decoration:none;padding:12px 20px;border-radius:8px">${renewEn}</a>`;
  const html = [
    '<div style="background:#0b0b0f;padding:24px;font-family:Arial,Helvetica,sans-serif">',
    '<div style="max-width:520px;margin:0 auto;background:#16161d;border:1px solid #2a2a33;border-radius:12px;padding:24px;color:#f4f4f5">',
    '<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#d4a017">Lukis Emas</p>',
    `<p style="margin:0 0 12px">Hi ${escapeHtml(user.name)},</p>`,
    `<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(en)}</p>`,
    `<p style="margin:0 0 24px">${button}</p>`,
    `<p style="margin:0 0 8px;line-height:1.5;color:#d4d4d8">${escapeHtml(id)}</p>`,
    `<p style="margin:0;font-size:13px;color:#d4d4d8"><a href="${escapeHtml(renewUrl)}" style="color:#d4a017">${renewId}</a></p>`,
    '</div></div>',
  ].join('');
  return { to: user.email, subject: SUBJECTS[kind], text, html };
};

export interface LifecycleReport {
  reminders: number;
  ended: number;
}

export interface LifecycleOptions {
  store: Store;
  mailer: Mailer;
  realtime: { publisher: EventPublisher; push?: PushNotifier };
  /** How often it runs (LIFECYCLE_SCAN_MS). */
  scanMs: number;
  /** Where "renew" points: the payment page of this deployment. */
  renewUrl: string;
  clock?: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The membership lifecycle (contract §9), in exactly one API process at a time: whoever holds the
 * `membership-lifecycle` lease in the store (renewed every run, lapsing after two missed runs, so a
 * dead holder is replaced). Each run:
 * - mails the most urgent reminder that applies to each membership ending within 7 days or ended
 *   in the last 7, unless that one or a more urgent one went out for this period already: claims
 *   are unique in the store, so not even two holders at once could send a mail twice, and after
 *   downtime only the one that applies now goes out;
 * - tells the user's screens when their rights have ended (`membership:changed`, and their sockets
 *   rejoin the rooms of no rights), once per period.
 */
export const createLifecycle = (options: LifecycleOptions) => {
  const { store, mailer, log } = options;
  const clock = options.clock ?? (() => new Date());
  const holder = `${process.pid}-${randomBytes(6).toString('hex')}`;

  const remind = async (user: UserRecord, now: Date): Promise<boolean> => {
    const end = user.membershipEnd!;
    const kind = reminderFor(end, now);
    if (!kind) return false;
    const asUrgent = URGENCY.slice(URGENCY.indexOf(kind));
    if (await store.lifecycle.sentAny(user._id, end, asUrgent)) return false;
    if (!(await store.lifecycle.claimNotice(user._id, end, kind, now))) return false;
    try {
      await mailer.send(reminderMail(user, kind, options.renewUrl));
      // The same reminder on the member's devices, claimed by the same notice: once per period.
      options.realtime.push?.notifyUser(user._id, { kind: 'membership', reminder: kind, tier: user.membershipTier });
      return true;
    } catch (error) {
      await store.lifecycle.releaseNotice(user._id, end, kind).catch(() => undefined);
      log.warn({ err: error, userId: user._id, kind }, 'lifecycle: a reminder could not be sent; it is tried again next run');
      return false;
    }
  };

  const endRights = async (user: UserRecord, now: Date): Promise<boolean> => {
    // A read first: for a week after the end every run meets this member again, and a refused insert costs more.
    if (await store.lifecycle.sentAny(user._id, user.membershipEnd!, ['rights-ended'])) return false;
    if (!(await store.lifecycle.claimNotice(user._id, user.membershipEnd!, 'rights-ended', now))) return false;
    announceMembership(options.realtime.publisher, user, now);
    return true;
  };

  /** One run, if this process holds the lease; null when another one does. */
  const runOnce = async (): Promise<LifecycleReport | null> => {
    const now = clock();
    const until = new Date(now.getTime() + 2 * options.scanMs + 5_000);
    if (!(await store.lifecycle.acquireLease(LEASE, holder, now, until))) return null;
    const report: LifecycleReport = { reminders: 0, ended: 0 };
    const grace = store.users.graceMs;
    // Every membership whose end is within 7 days either way, or whose rights (end + grace) ended in the last 7.
    const members = await store.users.membersEndingBetween(new Date(now.getTime() - LOOK_BACK_MS - grace), new Date(now.getTime() + 7 * DAY_MS), 10_000);
    for (const user of members) {
      if (await remind(user, now)) report.reminders += 1;
      const rightsEnd = (user.graceEndsAt ?? user.membershipEnd!).getTime();
      if (rightsEnd <= now.getTime() && rightsEnd > now.getTime() - LOOK_BACK_MS && (await endRights(user, now))) report.ended += 1;
    }
    return report;
  };

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runOnce()
      .then((report) => {
        if (report && report.reminders + report.ended > 0) log.info({ lifecycle: report }, 'lifecycle: reminders sent, ended rights announced');
      })
      .catch((error: unknown) => log.error({ err: error }, 'lifecycle run failed; tried again next run'))
      .finally(() => {
        running = null;
      });
  };

  return {
    holder,
    runOnce,
    start() {
      tick();
      timer = setInterval(tick, options.scanMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      await store.lifecycle.releaseLease(LEASE, holder).catch(() => undefined);
    },
  };
};

export type Lifecycle = ReturnType<typeof createLifecycle>;
