/** Build-time configuration, read and checked once. Everything else imports `env`. */
const readApiBase = (): string => {
  const raw: unknown = import.meta.env.VITE_API_URL;
  if (raw === undefined || raw === '') return '/api';
  if (typeof raw !== 'string' || !/^(\/|https?:\/\/)/.test(raw)) {
    throw new Error(`VITE_API_URL must be a path or an http(s) URL, got ${String(raw)}`);
  }
  return raw.replace(/\/+$/, '');
};

export const env = {
  /** The spec's {backend}: every REST call goes below this base. */
  apiBase: readApiBase(),
  isDev: import.meta.env.DEV,
} as const;
