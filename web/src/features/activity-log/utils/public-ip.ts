/** The public IP lookup of spec §7 (the CSP allows it). */
export const IP_LOOKUP_URL = 'https://api.ipify.org?format=json';
export const IP_LOOKUP_TIMEOUT_MS = 3_000;
/** Spec §8: a failed lookup records the IP as Unknown. */
export const UNKNOWN_IP = 'Unknown';

const STORAGE_KEY = 'le.publicIp';
const IP_PATTERN = /^[0-9A-Fa-f.:]{2,45}$/;

let pending: Promise<string> | null = null;

const readCached = (): string | null => {
  try {
    const value = window.sessionStorage.getItem(STORAGE_KEY);
    return value && IP_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
};

const lookUp = async (): Promise<string> => {
  try {
    const response = await fetch(IP_LOOKUP_URL, { signal: AbortSignal.timeout(IP_LOOKUP_TIMEOUT_MS), credentials: 'omit' });
    if (!response.ok) return UNKNOWN_IP;
    const body = (await response.json()) as { ip?: unknown };
    if (typeof body.ip !== 'string' || !IP_PATTERN.test(body.ip)) return UNKNOWN_IP;
    try {
      window.sessionStorage.setItem(STORAGE_KEY, body.ip);
    } catch {
      // storage full or blocked: the in-memory answer still serves this page load
    }
    return body.ip;
  } catch {
    return UNKNOWN_IP;
  }
};

/**
 * The visitor's public IP, looked up once per browser session (kept in sessionStorage); "Unknown"
 * when the lookup fails or takes longer than 3 s. A failure is remembered for this page load only,
 * so that every later visit does not wait another 3 s.
 */
export const getPublicIp = (): Promise<string> => {
  const cached = readCached();
  if (cached) return Promise.resolve(cached);
  pending ??= lookUp();
  return pending;
};
