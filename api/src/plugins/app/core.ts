import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Store } from '../../store';
import type { Mailer } from './mailer';

/** What everything else is built on: the configuration, the store and the mailer. */
export interface Core {
  config: Config;
  store: Store;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    mailer: Mailer;
  }
}

export default fp<Core>(
  async (app, core) => {
    app.decorate('config', core.config);
    app.decorate('store', core.store);
    app.decorate('mailer', core.mailer);
  },
  { name: 'core' },
);
