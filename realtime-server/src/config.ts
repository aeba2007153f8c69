import { ConfigError, dataDirOf, host, jwtSecret, maxSocketsPerAddress, maxSocketsPerUser, port, proxyHops, url, type Env } from '@le/config';

/** `pnpm start:realtime`'s configuration, read by the same rules as the API's (@le/config). */
export interface RealtimeConfig {
  port: number;
  host: string;
  redisUrl: string;
  /**
   * The API's internal base URL (e.g. http://api:3000): every signed-in handshake is confirmed by
   * its `GET /api/auth/me` (live session, stored role), never by Redis or the token's claims alone.
   */
  apiUrl: string;
  /** The API's signing key: from JWT_SECRET, or the API's DATA_DIR/jwt-secret on the same machine. */
  jwtSecret: string;
  /** Proxy hops before this process (TRUST_PROXY), for the client address its bounds count by. */
  trustProxy: number;
  /** MAX_SOCKETS_PER_ADDRESS (contract §10), counted across the realtime processes in Redis. */
  maxSocketsPerAddress: number;
  /** MAX_SOCKETS_PER_USER (contract §10: 20). */
  maxSocketsPerUser: number;
}

export const loadRealtimeConfig = (env: Env = process.env, cwd = process.cwd()): RealtimeConfig => {
  const redisUrl = url(env, 'REDIS_URL', ['redis', 'rediss']);
  if (!redisUrl) throw new ConfigError('REDIS_URL is required to run the realtime server alone');
  const apiUrl = url(env, 'API_URL', ['http', 'https']);
  if (!apiUrl) throw new ConfigError("API_URL is required to run the realtime server alone (the API's internal address, e.g. http://api:3000)");
  return {
    port: port(env, 3001),
    host: host(env),
    redisUrl,
    apiUrl: apiUrl.trim().replace(/\/+$/, ''),
    jwtSecret: jwtSecret(env, dataDirOf(env, cwd), {
      production: env.NODE_ENV === 'production',
      create: false,
      hint: ' (the same as the API processes use)',
    }),
    trustProxy: proxyHops(env),
    maxSocketsPerAddress: maxSocketsPerAddress(env),
    maxSocketsPerUser: maxSocketsPerUser(env),
  };
};
