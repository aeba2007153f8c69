import { useEffect, useState } from 'react';

import { env } from '@/config/env';
import { getSessionToken } from '@/stores/session-store';

/**
 * Where the browser fetches a file the API named. The API answers with paths like
 * `/api/files/<id>`; when the app talks to an API elsewhere (`VITE_API_URL`), the same path lives
 * under that base. Empty in, empty out; other URLs (data:, blob:, http...) pass through.
 */
export const resolveFileUrl = (url: string | null | undefined): string => {
  if (!url) return '';
  if (url.startsWith('/api/') && env.apiBase !== '/api') return `${env.apiBase}${url.slice('/api'.length)}`;
  return url;
};

export interface PrivateImage {
  /** A `blob:` URL for an `<img src>`, or null while loading, on error, or without a URL. */
  src: string | null;
  loading: boolean;
  /** A short reason when the image could not be fetched (403, 404, network). */
  error: string | null;
}

/**
 * Shows a private file (identity photo, payment proof: `GET /api/files/private/:id`) that needs
 * the bearer token, which an `<img src>` cannot send. It fetches the bytes with the session's
 * token, hands back a `blob:` URL and revokes it when the URL changes or the component unmounts.
 *
 *   const proof = usePrivateImage(payment.paymentProof);
 *   return proof.src ? <img src={proof.src} alt="Payment proof" /> : proof.loading ? <Spinner /> : <Text>{proof.error}</Text>;
 *
 * Public files (`/api/files/:id`) need none of this: use `resolveFileUrl(url)` as the src.
 */
export function usePrivateImage(url: string | null | undefined): PrivateImage {
  const [state, setState] = useState<PrivateImage>({ src: null, loading: Boolean(url), error: null });

  useEffect(() => {
    if (!url) {
      setState({ src: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ src: null, loading: true, error: null });
    const token = getSessionToken();
    fetch(resolveFileUrl(url), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
      cache: 'no-store',
    })
      .then(async (response) => {
        if (!response.ok) {
          const reason =
            response.status === 403 ? 'You may not see this image.' : response.status === 404 ? 'The image is gone.' : 'The image could not be loaded.';
          throw new Error(reason);
        }
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const reason = error instanceof Error && !(error instanceof TypeError) ? error.message : '';
        setState({ src: null, loading: false, error: reason || 'The image could not be loaded.' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return state;
}
