import { ApiError, apiUrl } from './api-client';
import { getSessionToken, useSessionStore } from '@/stores/session-store';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart upload with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * Same contract as `apiRequest`: bearer token, JSON answer, `{message}` errors as ApiError, a 401
 * of the current session ends it.
 *
 *   const form = new FormData(); form.append('photo_profile', blob, 'profile.jpeg');
 *   const { file } = await uploadWithProgress<{ file: string }>('/auth/upload-profile', form, { onProgress: setPercent });
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { method = 'POST', onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getSessionToken();
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(data as T);
        return;
      }
      const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
      if (xhr.status === 401 && token && getSessionToken() === token) useSessionStore.getState().clear();
      reject(
        new ApiError({
          status: xhr.status,
          message: typeof record.message === 'string' ? record.message : undefined,
          code: typeof record.code === 'string' ? record.code : undefined,
        }),
      );
    };
    xhr.onerror = () => reject(new ApiError({ status: 0 }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
