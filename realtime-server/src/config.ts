import { ConfigError, dataDirOf, host, jwtSecret, port, url, type Env } from '@le/config';

/** `pnpm start:realtime`'s configuration, read by the same rules as the API's (@le/config). */
export interface RealtimeConfig {
  port: number;
  host: string;
  redisUrl: string;
  /** The API's signing key: from JWT_SECRET, or the API's DATA_DIR/jwt-secret on the same machine. */
  jwtSecret: string;
}

export const loadRealtimeConfig = (env: Env = process.env, cwd = process.cwd()): RealtimeConfig => {
  const redisUrl = url(env, 'REDIS_URL', ['redis', 'rediss']);
  if (!redisUrl) throw new ConfigError('REDIS_URL is required to run the realtime server alone');
  return {
    port: port(env, 3001),
    host: host(env),
    redisUrl,
    jwtSecret: jwtSecret(env, dataDirOf(env, cwd), {
      production: env.NODE_ENV === 'production',
      create: false,
      hint: ' (the same as the API processes use)',
    }),
  };
};
