import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normalizeEmail } from '@le/contracts';
import { badRequest } from '../../lib/errors';
import activityRoutes from './activity';
import profileRoutes from './profile';
import publicAuthRoutes from './public';
import sessionAuthRoutes from './session';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Every address a body names is compared and stored as normalizeEmail gives it (contract §10),
  // before the schema checks its shape; a sign-in by username is left as it is.
  app.addHook('preValidation', async (request) => {
    const body = request.body as { email?: unknown } | undefined;
    if (!body || typeof body !== 'object' || typeof body.email !== 'string') return;
    if (request.routeOptions.url?.endsWith('/login') && !body.email.includes('@')) return;
    const checked = normalizeEmail(body.email);
    if (checked.problem !== undefined) throw badRequest(checked.problem, 'INVALID_EMAIL');
    body.email = checked.email;
  });
  await app.register(publicAuthRoutes);
  await app.register(sessionAuthRoutes);
  await app.register(activityRoutes);
  await app.register(profileRoutes);
};

export default authRoutes;
