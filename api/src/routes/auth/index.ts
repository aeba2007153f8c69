import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import activityRoutes from './activity';
import profileRoutes from './profile';
import publicAuthRoutes from './public';
import sessionAuthRoutes from './session';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(publicAuthRoutes);
  await app.register(sessionAuthRoutes);
  await app.register(activityRoutes);
  await app.register(profileRoutes);
};

export default authRoutes;
