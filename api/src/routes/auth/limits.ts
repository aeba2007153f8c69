import type { FastifyRequest } from 'fastify';

/** Per-IP limit of an auth route, counted per route. */
export const perIp = (max: number, minutes: number) => ({
  rateLimit: { max, timeWindow: minutes * 60_000 },
});

/** Per-account limit: keyed by the email (or username) in the body, across IPs. */
export const accountKey = (group: string) => (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  const account = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${group}:${account}`;
};
