import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  VerifyEmailResponse,
  RegisterBody,
  ResendCodeBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from '@le/contracts/schemas';
import { toPublicUser } from '../../lib/public-user';
import { LIMITS } from '@le/contracts';
import { addressCooldown, perAccount, perIp, slowPerAccount } from './limits';
import { errorResponses } from '../responses';

const errors = errorResponses(400, 401, 403, 409, 429);

const FORGOT_MESSAGE = 'If an account exists for this email, a reset code has been sent to it.';
const RESEND_MESSAGE = 'If an account exists for this email, a new code has been sent to it.';

/** Register, verify, sign in and recover: the routes that need no token. */
const publicAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts } = app;
  // one per address string for every mail with a code: sign-up, resend, forgot password
  const cooldown = addressCooldown(app, LIMITS.resendCooldownMs / 1000);

  app.post(
    '/register',
    {
      config: perIp(20, 60),
      preHandler: [perAccount(app, 'register', 5, 60), cooldown.mark],
      schema: { body: RegisterBody, response: { 201: MessageResponse, ...errors } },
    },
    async (request, reply) => {
      await accounts.register(request.body);
      return reply.code(201).send({ message: 'Registration successful. We sent a 6-digit code to your email.' });
    },
  );

  app.post(
    '/verify-email',
    {
      config: perIp(30, 10),
      preHandler: perAccount(app, 'verify', 10, 10),
      schema: { body: VerifyEmailBody, response: { 200: VerifyEmailResponse, ...errors } },
    },
    async (request) => {
      const signedIn = await accounts.verifyEmail(request.body.email, request.body.code, {
        userAgent: String(request.headers['user-agent'] ?? ''),
        ip: request.ip,
      });
      if (!signedIn) return { message: 'Email verified. Your trial has started; please sign in.' };
      const { token, session, user } = signedIn;
      return { message: 'Email verified. Your trial has started.', token, sessionId: session._id, user: toPublicUser(user) };
    },
  );

  app.post(
    '/resend-code',
    {
      config: perIp(10, 10),
      preHandler: [perAccount(app, 'resend', 5, 10), cooldown.check],
      schema: { body: ResendCodeBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await accounts.resendCode(request.body.email, request.body.purpose);
      return { message: RESEND_MESSAGE };
    },
  );

  app.post(
    '/login',
    {
      config: perIp(30, 5),
      // 10 tries per account from one address; past 30 per account from everywhere, each waits 2 s
      preHandler: [slowPerAccount(app, 'login-any', 30, 15), perAccount(app, 'login', 10, 5)],
      schema: { body: LoginBody, response: { 200: LoginResponse, ...errors } },
    },
    async (request) => {
      const { token, session, user } = await accounts.signIn(request.body.email, request.body.password, {
        userAgent: String(request.headers['user-agent'] ?? ''),
        ip: request.ip,
      });
      return { token, sessionId: session._id, user: toPublicUser(user) };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: perIp(10, 10),
      preHandler: [perAccount(app, 'forgot', 5, 60), cooldown.mark],
      schema: { body: ForgotPasswordBody, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      // The same answer, known or not, in the same time: the code goes out after the reply.
      accounts.requestPasswordReset(request.body.email);
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
      await accounts.resetPassword(request.body.email, request.body.code, request.body.newPassword);
      return { message: 'Your password has been reset. Please sign in with the new password.' };
    },
  );
};

export default publicAuthRoutes;
