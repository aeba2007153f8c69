import { LIMITS } from '@le/contracts';
import { badRequest, tooManyRequests, unavailable } from '../lib/errors';
import { newId } from '../lib/ids';
import { codeMatches, generateCode, hashCode } from '../lib/one-time-codes';
import { codeMail, type Mailer } from '../plugins/app/mailer';
import type { CodePurpose, Store, UserRecord } from '../store';

export interface CodeServiceDeps {
  store: Store;
  mailer: Mailer;
  /** Key for the codes' HMAC (the server's signing secret). */
  key: string;
  now?: () => Date;
}

/** The one answer to every code that does not work, whoever the address belongs to. */
export const codeRefused = () => badRequest('The code is wrong or has expired. Check the newest email, or request a new code.', 'CODE_INVALID');

/**
 * Single-use codes: random, stored only as a keyed hash, 10 minutes of life, burnt after five
 * wrong tries, voided by a newer code, and no new code within 60 s of the last.
 */
export const createCodeService = ({ store, mailer, key, now = () => new Date() }: CodeServiceDeps) => {
  /** Seconds until another code may be sent, 0 when one may go now. */
  const cooldownSeconds = async (user: UserRecord, purpose: CodePurpose): Promise<number> => {
    const latest = await store.codes.latest(user._id, purpose);
    if (!latest) return 0;
    const waitMs = latest.createdAt.getTime() + LIMITS.resendCooldownMs - now().getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  };

  const issue = async (user: UserRecord, purpose: CodePurpose): Promise<void> => {
    const code = generateCode();
    const id = newId();
    const createdAt = now();
    await store.codes.issue({
      _id: id,
      userId: user._id,
      purpose,
      codeHash: hashCode(key, id, code),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + LIMITS.codeLifetimeMs),
      attempts: 0,
      closedAt: null,
      closedReason: null,
    });
    await mailer.send(codeMail(user.email, user.name, code, purpose));
  };

  return {
    cooldownSeconds,
    issue,

    /** Issues a code unless the cooldown runs; then 429 with Retry-After. */
    async resend(user: UserRecord, purpose: CodePurpose): Promise<void> {
      const wait = await cooldownSeconds(user, purpose);
      if (wait > 0) throw tooManyRequests(`Please wait ${wait} seconds before requesting a new code.`, wait);
      try {
        await issue(user, purpose);
      } catch (error) {
        throw unavailable('We could not send the email right now. Please try again in a minute.', 'MAIL_FAILED', error);
      }
    },

    /**
     * Uses the open code if `code` matches. Otherwise a wrong try is counted (the code burns at
     * the limit) and the answer is `codeRefused()`, the same whether the code was wrong, spent,
     * expired or never issued: nothing tells a prober about the account (contract §10).
     */
    async consume(user: UserRecord, purpose: CodePurpose, code: string): Promise<void> {
      const open = await store.codes.findOpen(user._id, purpose);
      if (!open || open.expiresAt <= now()) throw codeRefused();
      if (!codeMatches(key, open._id, code, open.codeHash)) {
        await store.codes.recordWrongTry(open._id, LIMITS.codeMaxAttempts, now());
        throw codeRefused();
      }
      if (!(await store.codes.consume(open._id, now()))) throw codeRefused();
    },
  };
};

export type CodeService = ReturnType<typeof createCodeService>;
