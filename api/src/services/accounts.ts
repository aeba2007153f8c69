import { isCountry, isReservedName, RESERVED_NAME_MESSAGE } from '@le/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/errors';
import { newId } from '../lib/ids';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../lib/passwords';
import type { EventPublisher } from '../plugins/app/publisher';
import type { PushNotifier } from './push';
import { DuplicateKeyError, newUserRecord, type CodePurpose, type SessionRecord, type Store, type UserRecord } from '../store';
import type { UserChanges } from '../store/users-repository';
import { codeRefused, type CodeService } from './one-time-codes';
import type { PresenceService } from './presence';
import type { UploadService } from './uploads';

const DAY_MS = 24 * 60 * 60_000;

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
  /** Removes a stored file no longer referenced (a replaced photo). */
  uploads: Pick<UploadService, 'remove'>;
  /** Drops a revoked session's sockets. */
  publisher: EventPublisher;
  /** Forgets a revoked session's devices. */
  push?: Pick<PushNotifier, 'sessionsEnded'>;
  trialDays: number;
  tokenLifetimeSeconds: number;
  /** Signs the session token (the JWT plugin's `sign`). */
  signToken: (claims: { sub: string; sid: string }) => string;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

/** The user fields that hold one of the user's photos (spec §7, also the upload's field name). */
export type PhotoSlot = 'photo_profile' | 'image_identitas';

export interface ProfileInput {
  name?: string;
  username?: string;
  email?: string;
  no_telp?: string;
  city?: string;
  country?: string;
  address?: string;
  /** Required with a new email. */
  currentPassword?: string;
}

/**
 * An account's life: sign-up, the emailed proof, sign-in and sign-out, the lost password, the
 * profile and the change of email. The routes parse and answer; the rules live here.
 */
export const createAccountService = (deps: AccountServiceDeps) => {
  const { store, codes, presence, log } = deps;
  const { users, sessions } = store;
  const clock = deps.clock ?? (() => new Date());

  /** After a session was revoked: its sockets drop on every process, admins see it go. */
  const dropSession = async (userId: string, sessionId: string): Promise<void> => {
    deps.publisher.disconnectSession(sessionId);
    // A shared phone stops getting the alerts of whoever signed out on it.
    await deps.push?.sessionsEnded([sessionId]);
    await presence.leave(userId, sessionId);
  };

  /** Ends one browser session: its token stops working at once. */
  const endSession = async (session: Pick<SessionRecord, '_id' | 'userId'>): Promise<void> => {
    await sessions.revoke(session._id);
    await dropSession(session.userId, session._id);
  };

  /** Every session of the user but `except` (none when omitted) ends; returns how many did. */
  const endSessionsOf = async (userId: string, except?: string): Promise<number> => {
    const ended = await sessions.revokeAllForUser(userId, clock(), except);
    for (const sessionId of ended) await dropSession(userId, sessionId);
    return ended.length;
  };

  /**
   * A new session for a user who proved who they are, and its token. `online` false: not counted
   * online until its tab's first heartbeat (a session opened by a mailed code, not a sign-in form).
   */
  const openSession = async (user: UserRecord, client: { userAgent: string; ip: string }, online = true) => {
    const now = clock();
    const session = await sessions.create({
      _id: newId(),
      userId: user._id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.tokenLifetimeSeconds * 1000),
      revokedAt: null,
      lastSeenAt: now,
      online,
      userAgent: client.userAgent.slice(0, 300),
      ip: client.ip,
    });
    const token = deps.signToken({ sub: user._id, sid: session._id });
    return { token, session, user };
  };

  /** Names and usernames of anyone but an admin may not look like the team's. */
  const refuseReserved = (role: string, ...names: (string | undefined)[]): void => {
    if (role === 'admin') return;
    if (names.some((name) => name !== undefined && isReservedName(name))) throw badRequest(RESERVED_NAME_MESSAGE, 'RESERVED_NAME');
  };

  const checkPassword = async (user: UserRecord, password: string | undefined, missing: string): Promise<void> => {
    if (!password) throw badRequest(missing, 'PASSWORD_REQUIRED');
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest('The current password is wrong.', 'WRONG_PASSWORD');
  };

  return {
    /** A guest account waiting for its emailed code; the account stands even if the mail fails (resend). */
    async register(input: { name: string; username: string; email: string; password: string }): Promise<void> {
      refuseReserved('guest', input.name, input.username);
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

    /**
     * The emailed code proves the address: the account becomes a trial for `trialDays`. Unknown,
     * already verified and wrong all get `codeRefused()` (contract §10: no account oracle).
     */
    /**
     * The mailed code proves the address (and the password was set a moment ago at sign-up): the
     * account becomes a trial and a session is opened, so the user goes on signed in. Null only
     * when the account vanished between the two writes.
     */
    async verifyEmail(email: string, code: string, client: { userAgent: string; ip: string }) {
      const user = await users.findByEmail(email);
      if (!user || user.emailVerified) throw codeRefused();
      await codes.consume(user, 'verify', code);
      const verified = await users.update(user._id, {
        emailVerified: true,
        role: 'trial',
        membershipTier: 'trial',
        trialExpiresAt: new Date(clock().getTime() + deps.trialDays * DAY_MS),
      });
      return verified ? openSession(verified, client, false) : null;
    },

    /**
     * A new code. Unknown and already verified accounts get the same answer and no mail, and so
     * does an account whose last code is under a minute old (the route's cooldown counts per
     * address string, for every address alike).
     */
    async resendCode(email: string, purpose: Extract<CodePurpose, 'verify' | 'reset'>): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user || (purpose === 'verify' && user.emailVerified)) return;
      if ((await codes.cooldownSeconds(user, purpose)) > 0) return;
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
      return openSession(user, client);
    },

    endSession,

    /**
     * The page-unload beacon: the browser session (known by its id alone, no token) is marked
     * offline and leaves presence. An unknown or ended id changes nothing.
     */
    async leaveBrowser(sessionId: string): Promise<void> {
      const session = await sessions.findLive(sessionId);
      await sessions.markOffline(sessionId);
      if (session) await presence.leave(session.userId, session._id);
    },

    /** A signed-in tab's heartbeat: only for its own session (`sessionId` must be the token's). */
    async heartbeat(user: UserRecord, session: Pick<SessionRecord, '_id'>, sessionId: string): Promise<void> {
      if (sessionId !== session._id) throw badRequest('This session id is not yours.', 'SESSION_MISMATCH');
      if (!(await sessions.touch(session._id, user._id))) throw notFound('Session not found.');
      await presence.touch(user._id, session._id);
    },

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
      if (!user) throw codeRefused();
      await codes.consume(user, 'reset', code);
      await users.update(user._id, { passwordHash: await hashPassword(newPassword) });
      await endSessionsOf(user._id);
    },

    /** The caller's signed-in browsers, the most recently seen first. */
    listSessions(user: UserRecord): Promise<SessionRecord[]> {
      return sessions.listLiveForUser(user._id, clock());
    },

    /** Ends one of the caller's own sessions (404 for anyone else's, or one already ended). */
    async endOwnSession(user: UserRecord, sessionId: string): Promise<void> {
      if (!(await sessions.revoke(sessionId, clock(), user._id))) throw notFound('Session not found.');
      await dropSession(user._id, sessionId);
    },

    /** "Sign out everywhere else": every session of the caller but this one. */
    endOtherSessions(user: UserRecord, currentSessionId: string): Promise<number> {
      return endSessionsOf(user._id, currentSessionId);
    },

    /** A new password, proven by the current one; the caller's other sessions end. */
    async changePassword(user: UserRecord, currentSessionId: string, currentPassword: string, newPassword: string): Promise<void> {
      await checkPassword(user, currentPassword, 'Enter your current password.');
      await users.update(user._id, { passwordHash: await hashPassword(newPassword) });
      await endSessionsOf(user._id, currentSessionId);
    },

    /**
     * Every field sent is changed at once except the email. A different email gets a code mailed
     * to the NEW address and replaces the old one only once confirmed (`confirmEmailChange`); until
     * then sign-in and mail use the old address. Sending the current email again cancels a waiting
     * change. A taken username or email → conflict.
     */
    async updateProfile(user: UserRecord, input: ProfileInput): Promise<{ user: UserRecord; pendingEmail: string | null }> {
      refuseReserved(user.role, input.name, input.username);
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
          // Proven by the password first (contract §10): a stolen token alone cannot move the account.
          await checkPassword(user, input.currentPassword, 'Enter your current password to change the email.');
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

    /**
     * A stored photo (`url`, file `fileId`) becomes the user's `slot`; the one it replaces is not
     * referenced any more and is removed. When the user is gone the new file is removed and this
     * throws (a failure, not a refusal: the signed-in user vanished).
     */
    async replacePhoto(user: UserRecord, slot: PhotoSlot, url: string, fileId: string): Promise<UserRecord> {
      const updated = await users.update(user._id, { [slot]: url });
      if (!updated) {
        await deps.uploads.remove(fileId);
        throw new Error('the signed-in user vanished during an upload');
      }
      const replaced = user[slot];
      if (replaced && replaced !== url) await deps.uploads.remove(replaced);
      return updated;
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
