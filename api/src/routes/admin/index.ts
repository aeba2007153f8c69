import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import memberRoutes from './members';
import paymentRoutes from './payments';
import statsRoutes from './stats';

/** The admin console's API: every route needs a signed-in admin, read from the store. */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireRole('admin'));
  await app.register(paymentRoutes);
  await app.register(memberRoutes);
  await app.register(statsRoutes);
};

export default adminRoutes;
