import { type Env } from '@le/config';
/** `pnpm start:realtime`'s configuration, read by the same rules as the API's (@le/config). */
export interface RealtimeConfig {
    port: number;
    host: string;
    redisUrl: string;
    /** The API's signing key: from JWT_SECRET, or the API's DATA_DIR/jwt-secret on the same machine. */
    jwtSecret: string;
}
export declare const loadRealtimeConfig: (env?: Env, cwd?: string) => RealtimeConfig;
