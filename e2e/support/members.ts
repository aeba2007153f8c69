import { waitForCode } from '@le/testing';
import type { Page } from 'playwright-core';
import { uniqueTag } from '../../api/test/support/unique';

export interface ApiSession {
  token: string;
  sessionId: string;
  user: { _id: string; username: string; email: string; role: string; membershipTier: string; photo_profile: string };
}

const json = async <T>(response: Response): Promise<T> => {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
};

/** What a sign-in by API says about its client: the session list shows the device it names. */
export interface SignInOptions {
  userAgent?: string;
}

/** Register, verify with the mailed code and sign in through the API (no browser). */
export const signUpByApi = async (
  baseURL: string,
  outbox: string,
  label: string,
  options: SignInOptions = {},
): Promise<ApiSession & { password: string }> => {
  const id = `${label}${uniqueTag()}`;
  const email = `${id}@example.com`;
  const password = 'browser password 1';
  const post = (path: string, body: unknown) =>
    fetch(`${baseURL}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await json(await post('/auth/register', { name: `Member ${label}`, username: id, email, password }));
  const code = await waitForCode(outbox, email);
  // The verification opens a session (the code proved the address); the suites start from the one
  // their sign-in makes, so that one is ended.
  const verified = await json<{ token?: string }>(await post('/auth/verify-email', { email, code }));
  if (verified.token) await fetch(`${baseURL}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${verified.token}` } });
  return { ...(await signInByApi(baseURL, email, password, options)), password };
};

export const signInByApi = async (baseURL: string, email: string, password: string, options: SignInOptions = {}): Promise<ApiSession> =>
  json<ApiSession>(
    await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) },
      body: JSON.stringify({ email, password }),
    }),
  );

/** Puts a session into the browser's storage as a sign-in would (spec §3 keys). */
/** Signs in through the login form, as a user does, and waits to leave the sign-in area. */
export const signInThroughForm = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/auth/login');
  await page.locator('input[name="email"]').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
};

export const useSessionInBrowser = async (page: Page, session: ApiSession): Promise<void> => {
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('sessionId', s.sessionId);
    localStorage.setItem('role', s.user.role);
    localStorage.setItem('username', s.user.username);
    localStorage.setItem(
      'user',
      JSON.stringify({ username: s.user.username, email: s.user.email, role: s.user.role, membershipTier: s.user.membershipTier, photo_profile: s.user.photo_profile }),
    );
  }, session);
};

/** A JPEG drawn by the browser's canvas (the e2e package has no image library). */
export const makeJpegInBrowser = async (page: Page, width: number, height: number): Promise<Buffer> => {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#8f6708');
      gradient.addColorStop(1, '#f0cc4d');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#17130a';
      ctx.beginPath();
      ctx.arc(w / 2, h / 2, Math.min(w, h) / 4, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.font = `${Math.round(h / 10)}px sans-serif`;
      ctx.fillText('LUKIS EMAS', w / 10, h / 6);
      return canvas.toDataURL('image/jpeg', 0.9);
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
};

/** A multipart payment through the API, as the payment page sends it. */
export const payByApi = async (baseURL: string, session: ApiSession, proof: Buffer, membershipTier = 'basic', duration = 'monthly') => {
  const form = new FormData();
  form.append('membershipTier', membershipTier);
  form.append('duration', duration);
  form.append('paymentProof', new Blob([new Uint8Array(proof)], { type: 'image/jpeg' }), 'proof.jpg');
  return json<{ payment: { _id: string } }>(
    await fetch(`${baseURL}/api/payments`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` }, body: form }),
  );
};

/** The admin's decision through C2's admin API (the same the /manage-membership screen calls). */
export const decideByApi = async (baseURL: string, admin: ApiSession, paymentId: string, decision: 'approve' | 'reject') =>
  json<unknown>(
    await fetch(`${baseURL}/api/admin/payments/${paymentId}/${decision}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(decision === 'reject' ? { reason: 'The transfer was not found.' } : {}),
    }),
  );

/**
 * Console errors that are the app's own: the closed test network cannot reach the public IP
 * lookup of spec §7 (the activity log), which the app already handles as "Unknown".
 */
export const appErrors = (errors: string[]): string[] => errors.filter((error) => !error.includes('ERR_NAME_NOT_RESOLVED'));
