import { isCountry } from '@le/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, conflict, forbidden, unauthorized } from '../lib/errors';
import { newId } from '../lib/ids';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/passwords';
import type { RealtimeServices } from '../plugins/app/services';
import { DuplicateKeyError, newUserRecord, type CodePurpose, type SessionRecord, type Store, type UserRecord } from '../store';
import type { UserChanges } from '../store/users-repository';
import type { CodeService } from './one-time-codes';
import type { PresenceService } from './presence';

const DAY_MS = 24 * 60 * 60_000;
const INVALID_CODE = 'The code is invalid or has expired. Please request a new code.';

/** The unique index decided a race the earlier check could not see. */
const takenError = (error: unknown): never => {
  if (error instanceof DuplicateKeyError) {
    throw conflict(
      error.field === 'usernameLower' ? 'This username is already taken.' : 'This email is already registered.',
      error.field === 'usernameLower' ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN',
    );
  }
  throw error;
};

export interface AccountServiceDeps {
  store: Store;
  codes: CodeService;
  presence: PresenceService;
  /** Read at each call: the realtime side is attached after the app is built (main.ts). */
  services: { realtime: RealtimeServices };
  trialDays: number;
  tokenLifetimeSeconds: number;
  /** Signs the session token (the JWT plugin's `sign`). */
  signToken: (claims: { sub: string; sid: string; role: string }) => string;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

export interface ProfileInput {
  name?: string;
  username?: string;
  email?: string;
  no_telp?: string;
  city?: string;
  country?: string;
  address?: string;
}

/**
 * An account's life: sign-up, the emailed proof, sign-in and sign-out, the lost password, the
 * profile and the change of email. The routes parse and answer; the rules live here.
 */
export const createAccountService = (deps: AccountServiceDeps) => {
  const { store, codes, presence, log } = deps;
  const { users, sessions } = store;
  const clock = deps.clock ?? (() => new Date());

  /** Ends one browser session: its token stops working, its sockets drop, admins see it go. */
  const endSession = async (session: Pick<SessionRecord, '_id' | 'userId'>): Promise<void> => {
    await sessions.revoke(session._id);
    deps.services.realtime.publisher.disconnectSession(session._id);
    await presence.leave(session.userId, session._id);
  };

  return {
    /** A guest account waiting for its emailed code; the account stands even if the mail fails (resend). */
    async register(input: { name: string; username: string; email: string; password: string }): Promise<void> {
      const user = await users
        .create(
          newUserRecord({
            _id: newId(),
            name: input.name.trim(),
            username: input.username,
            email: input.email.trim(),
            passwordHash: await hashPassword(input.password),
            emailVerified: false,
            role: 'guest',
            membershipTier: 'None',
          }),
        )
        .catch(takenError);
      await codes.issue(user, 'verify').catch((error: unknown) => log.error({ err: error }, 'verification mail failed'));
    },

    /** The emailed code proves the address: the account becomes a trial for `trialDays`. */
    async verifyEmail(email: string, code: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) throw badRequest(INVALID_CODE, 'CODE_INVALID');
      if (user.emailVerified) throw badRequest('This email is already verified. Please sign in.', 'ALREADY_VERIFIED');
      await codes.consume(user, 'verify', code);
      await users.update(user._id, {
        emailVerified: true,
        role: 'trial',
        membershipTier: 'trial',
        trialExpiresAt: new Date(clock().getTime() + deps.trialDays * DAY_MS),
      });
    },

    /** A new code; unknown and already verified accounts get the same answer and no mail. */
    async resendCode(email: string, purpose: Extract<CodePurpose, 'verify' | 'reset'>): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user || (purpose === 'verify' && user.emailVerified)) return;
      await codes.resend(user, purpose);
    },

    /** Email or username and password → a new session and its token. */
    async signIn(login: string, password: string, client: { userAgent: string; ip: string }) {
      const user = await users.findByLogin(login);
      if (!user) {
        await burnPasswordCheck(password);
        throw unauthorized('Wrong email or password.');
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized('Wrong email or password.');
      if (!user.emailVerified) throw forbidden('Please verify your email before signing in.', 'EMAIL_NOT_VERIFIED');
      const now = clock();
      const session = await sessions.create({
        _id: newId(),
        userId: user._id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.tokenLifetimeSeconds * 1000),
        revokedAt: null,
        lastSeenAt: now,
        online: true,
        userAgent: client.userAgent.slice(0, 300),
        ip: client.ip,
      });
      // `role` only tells a standalone realtime server which rooms to join; the API reads roles from the store.
      const token = deps.signToken({ sub: user._id, sid: session._id, role: user.role });
      return { token, session, user };
    },

    endSession,

    /**
     * Mails a reset code to a known account outside its cooldown, after the caller answered: the
     * same answer in the same time, known or not.
     */
    requestPasswordReset(email: string): void {
      void (async () => {
        const user = await users.findByEmail(email);
        if (user && (await codes.cooldownSeconds(user, 'reset')) === 0) await codes.issue(user, 'reset');
      })().catch((error: unknown) => log.error({ err: error }, 'reset mail failed'));
    },

    /** The emailed code sets a new password and ends every session: whoever knew the old one is out at once. */
    async resetPassword(email: string, code: string, newPassword: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) throw badRequest(INVALID_CODE, 'CODE_INVALID');
      await codes.consume(user, 'reset', code);
      await users.update(user._id, { passwordHash: await hashPassword(newPassword) });
      for (const sessionId of await sessions.revokeAllForUser(user._id)) {
        deps.services.realtime.publisher.disconnectSession(sessionId);
        await presence.leave(user._id, sessionId);
      }
    },

    /**
     * Every field sent is changed at once except the email. A different email gets a code mailed
     * to the NEW address and replaces the old one only once confirmed (`confirmEmailChange`); until
     * then sign-in and mail use the old address. Sending the current email again cancels a waiting
     * change. A taken username or email → conflict.
     */
    async updateProfile(user: UserRecord, input: ProfileInput): Promise<{ user: UserRecord; pendingEmail: string | null }> {
      const changes: UserChanges = {};
      if (input.name !== undefined) changes.name = input.name.trim();
      if (input.username !== undefined) changes.username = input.username;
      if (input.no_telp !== undefined) changes.no_telp = input.no_telp.trim();
      if (input.city !== undefined) changes.city = input.city.trim();
      if (input.address !== undefined) changes.address = input.address.trim();
      if (input.country !== undefined) {
        const country = input.country.trim();
        if (country !== '' && !isCountry(country)) throw badRequest('Choose a country from the list, or none.', 'BAD_COUNTRY');
        changes.country = country;
      }

      // Checked before any code is mailed; the unique index still decides a race (takenError).
      if (changes.username !== undefined && changes.username.toLowerCase() !== user.usernameLower) {
        const owner = await users.findByLogin(changes.username);
        if (owner && owner._id !== user._id) throw conflict('This username is already taken.', 'USERNAME_TAKEN');
      }

      let pendingEmail: string | null = null;
      if (input.email !== undefined) {
        const email = input.email.trim();
        if (email.toLowerCase() === user.email.toLowerCase()) {
          if (email !== user.email) changes.email = email; // only the letter case changes: nothing to prove
          if (user.pendingEmail) changes.pendingEmail = null;
        } else {
          const owner = await users.findByEmail(email);
          if (owner && owner._id !== user._id) throw conflict('This email is already registered.', 'EMAIL_TAKEN');
          const sameAsWaiting = user.pendingEmail?.toLowerCase() === email.toLowerCase();
          const wait = await codes.cooldownSeconds(user, 'email-change');
          if (!(sameAsWaiting && wait > 0)) await codes.resend({ ...user, email }, 'email-change');
          changes.pendingEmail = email;
          pendingEmail = email;
        }
      }

      const updated = Object.keys(changes).length > 0 ? await users.update(user._id, changes).catch(takenError) : user;
      if (!updated) throw badRequest('Your account was not found.');
      return { user: updated, pendingEmail };
    },

    /** The code mailed to the new address makes it the account's email. */
    async confirmEmailChange(user: UserRecord, code: string): Promise<UserRecord> {
      if (!user.pendingEmail) throw badRequest('There is no email change waiting for a code.', 'NO_EMAIL_CHANGE');
      await codes.consume(user, 'email-change', code);
      const updated = await users.update(user._id, { email: user.pendingEmail, pendingEmail: null }).catch(takenError);
      if (!updated) throw badRequest('Your account was not found.');
      return updated;
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
