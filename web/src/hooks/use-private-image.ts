import { useQuery } from '@tanstack/react-query';
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

const privateFileKeys = {
  file: (url: string) => ['private-file', url] as const,
};

const failureReason = (status: number): string =>
  status === 403 ? 'You may not see this image.' : status === 404 ? 'The image is gone.' : 'The image could not be loaded.';

const getPrivateFile = async (url: string, signal: AbortSignal): Promise<Blob> => {
  const token = getSessionToken();
  const response = await fetch(resolveFileUrl(url), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal,
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(failureReason(response.status));
  return response.blob();
};

/** A `blob:` URL for the blob while it is shown, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [current, setCurrent] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setCurrent({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  // Until the effect has run for this blob, the URL held is an older blob's (about to be revoked).
  return current && current.blob === blob ? current.url : null;
}

/**
 * Shows a private file (identity photo, payment proof: `GET /api/files/private/:id`) that needs
 * the bearer token, which an `<img src>` cannot send. The bytes are fetched with the session's token
 * as a query (a file id never changes its bytes, so they are kept until the session changes, which
 * empties the cache) and shown through a `blob:` URL of this component's own.
 *
 *   const proof = usePrivateImage(payment.paymentProof);
 *   return proof.src ? <img src={proof.src} alt="Payment proof" /> : proof.loading ? <Spinner /> : <Text>{proof.error}</Text>;
 *
 * Public files (`/api/files/:id`) need none of this: use `resolveFileUrl(url)` as the src.
 */
export function usePrivateImage(url: string | null | undefined): PrivateImage {
  const query = useQuery({
    queryKey: privateFileKeys.file(url ?? ''),
    queryFn: ({ signal }) => getPrivateFile(url ?? '', signal),
    enabled: Boolean(url),
    staleTime: Infinity,
  });
  const src = useObjectUrl(url ? query.data : undefined);
  if (!url) return { src: null, loading: false, error: null };
  if (query.error) {
    // A TypeError is fetch's own network failure: no reason worth showing beyond the general one.
    const reason = query.error instanceof TypeError ? '' : query.error.message;
    return { src: null, loading: false, error: reason || 'The image could not be loaded.' };
  }
  return { src, loading: src === null, error: null };
}
