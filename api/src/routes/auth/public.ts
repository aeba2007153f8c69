import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorResponse,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RegisterBody,
  ResendCodeBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from '@le/contracts/schemas';
import { TOKEN_LIFETIME_SECONDS } from '../../plugins/external/jwt';
import { badRequest, conflict, HttpError, unauthorized } from '../../lib/http-error';
import { newId } from '../../lib/ids';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords';
import { toPublicUser } from '../../lib/public-user';
import { DuplicateKeyError, newUserRecord } from '../../store';
import { perAccount, perIp } from './limits';
import { leavePresence } from '../../services/presence';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };

const FORGOT_MESSAGE = 'If an account exists for this email, a reset code has been sent to it.';
const RESEND_MESSAGE = 'If an account exists for this email, a new code has been sent to it.';

/** Register, verify, sign in and recover: the routes that need no token. */
const publicAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { codes } = app;
  const { users, sessions } = app.store;

  app.post(
    '/register',
    {
      config: perIp(20, 60),
      preHandler: perAccount(app, 'register', 5, 60),
      schema: { body: RegisterBody, response: { 201: MessageResponse, ...errors } },
    },
    async (request, reply) => {
      const { name, username, email, password } = request.body;
      let user;
      try {
        user = await users.create(
          newUserRecord({
            _id: newId(),
            name: name.trim(),
            username,
            email: email.trim(),
            passwordHash: await hashPassword(password),
            emailVerified: false,
            role: 'guest',
            membershipTier: 'None',
          }),
        );
      } catch (error) {
        if (error instanceof DuplicateKeyError) {
          throw conflict(
            error.field === 'usernameLower' ? 'This username is already taken.' : 'This email is already registered.',
            error.field === 'usernameLower' ? 'USERNAME_TAKEN' : 'EMAIL_TAKEN',
          );
        }
        throw error;
      }
      // The account stands even if the mail does not go out: the screen offers a resend.
      await codes.issue(user, 'verify').catch((error: unknown) => request.log.error({ err: error }, 'verification mail failed'));
      return reply.code(201).send({ message: 'Registration successful. We sent a 6-digit code to your email.' });
    },
  );

  app.post(
    '/verify-email',
    {
      config: perIp(30, 10),
      preHandler: perAccount(app, 'verify', 10, 10),
      schema: { body: VerifyEmailBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const user = await users.findByEmail(request.body.email);
      if (!user) throw badRequest('The code is invalid or has expired. Please request a new code.', 'CODE_INVALID');
      if (user.emailVerified) throw badRequest('This email is already verified. Please sign in.', 'ALREADY_VERIFIED');
      await codes.consume(user, 'verify', request.body.code);
      const now = Date.now();
      await users.update(user._id, {
        emailVerified: true,
        role: 'trial',
        membershipTier: 'trial',
        trialExpiresAt: new Date(now + app.config.trialDays * 24 * 60 * 60_000),
      });
      return { message: 'Email verified. Your trial has started; please sign in.' };
    },
  );

  app.post(
    '/resend-code',
    {
      config: perIp(10, 10),
      preHandler: perAccount(app, 'resend', 5, 10),
      schema: { body: ResendCodeBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const { email, purpose } = request.body;
      const user = await users.findByEmail(email);
      // Unknown and already verified accounts get the same answer and no mail.
      if (!user || (purpose === 'verify' && user.emailVerified)) return { message: RESEND_MESSAGE };
      await codes.resend(user, purpose);
      return { message: RESEND_MESSAGE };
    },
  );

  app.post(
    '/login',
    {
      config: perIp(30, 5),
      preHandler: perAccount(app, 'login', 10, 5),
      schema: { body: LoginBody, response: { 200: LoginResponse, ...errors } },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await users.findByLogin(email);
      if (!user) {
        await burnPasswordCheck(password);
        throw unauthorized('Wrong email or password.');
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized('Wrong email or password.');
      if (!user.emailVerified) {
        throw new HttpError(403, 'Please verify your email before signing in.', 'EMAIL_NOT_VERIFIED');
      }
      const now = new Date();
      const session = await sessions.create({
        _id: newId(),
        userId: user._id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
        revokedAt: null,
        lastSeenAt: now,
        online: true,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
        ip: request.ip,
      });
      // `role` only tells a standalone realtime server which rooms to join; the API reads roles from the store.
      const token = app.jwt.sign({ sub: user._id, sid: session._id, role: user.role });
      return { token, sessionId: session._id, user: toPublicUser(user) };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: perIp(10, 10),
      preHandler: perAccount(app, 'forgot', 5, 60),
      schema: { body: ForgotPasswordBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const user = await users.findByEmail(request.body.email);
      // The same answer, known or not, in the same time: the code goes out after the reply.
      // A known account inside the cooldown gets no second mail.
      if (user) {
        void (async () => {
          if ((await codes.cooldownSeconds(user, 'reset')) === 0) await codes.issue(user, 'reset');
        })().catch((error: unknown) => request.log.error({ err: error }, 'reset mail failed'));
      }
      return { message: FORGOT_MESSAGE };
    },
  );

  app.post(
    '/reset-password',
    {
      config: perIp(20, 10),
      preHandler: perAccount(app, 'reset', 10, 10),
      schema: { body: ResetPasswordBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      const { email, code, newPassword } = request.body;
      const user = await users.findByEmail(email);
      if (!user) throw badRequest('The code is invalid or has expired. Please request a new code.', 'CODE_INVALID');
      await codes.consume(user, 'reset', code);
      await users.update(user._id, { passwordHash: await hashPassword(newPassword) });
      // A reset ends every session: whoever knew the old password is out at once.
      const ended = await sessions.revokeAllForUser(user._id);
      for (const sessionId of ended) {
        app.realtime.publisher.disconnectSession(sessionId);
        await leavePresence(app, user._id, sessionId);
      }
      return { message: 'Your password has been reset. Please sign in with the new password.' };
    },
  );
};

export default publicAuthRoutes;
