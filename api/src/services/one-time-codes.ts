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

const INVALID_CODE = 'The code is invalid or has expired. Please request a new code.';

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

    /** Uses the open code if `code` matches; otherwise counts a wrong try and refuses with 400. */
    async consume(user: UserRecord, purpose: CodePurpose, code: string): Promise<void> {
      const open = await store.codes.findOpen(user._id, purpose);
      if (!open || open.expiresAt <= now()) throw badRequest(INVALID_CODE, 'CODE_INVALID');
      if (!codeMatches(key, open._id, code, open.codeHash)) {
        const after = await store.codes.recordWrongTry(open._id, LIMITS.codeMaxAttempts, now());
        if (!after || after.closedAt !== null) {
          throw badRequest('Too many wrong codes. Please request a new code.', 'CODE_BURNT');
        }
        const left = LIMITS.codeMaxAttempts - after.attempts;
        throw badRequest(`The code is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'CODE_WRONG');
      }
      if (!(await store.codes.consume(open._id, now()))) throw badRequest(INVALID_CODE, 'CODE_INVALID');
    },
  };
};

export type CodeService = ReturnType<typeof createCodeService>;
