import { ConfigError, type Env } from '@le/config';
/** Configuration of contract §2, read and validated once at start-up. */
export interface Config {
    port: number;
    host: string;
    dataDir: string;
    mongodbUrl: string | null;
    redisUrl: string | null;
    jwtSecret: string;
    adminEmail: string | null;
    adminPassword: string | null;
    smtpUrl: string | null;
    mailFrom: string;
    mailOutbox: string;
    trialDays: number;
    production: boolean;
    /** Where the built web app is; null serves no web app (API-only tests). */
    webDist: string | null;
    /** Trust X-Forwarded-For from a proxy in front (the scaled set-up). */
    trustProxy: boolean;
    /**
     * Multiplies every rate limit's allowance (default 1). For a site whose visitors share one
     * address (an office behind NAT), and for the browser suites, where every client is 127.0.0.1.
     */
    rateLimitScale: number;
    /** Contract §2: activity-log entries older than this many days are removed. */
    activityRetentionDays: number;
}
export { ConfigError };
export declare const loadConfig: (env?: Env, cwd?: string) => Config;
