import type { HistoryEntry, HistoryListResponse } from '@le/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/paged-list';
import { uploadWithProgress } from '@/lib/upload';
import { historyKeys } from './keys';

export type HistoryPage = HistoryListResponse;

/** GET /history: newest first; `before` is the `nextCursor` of the page before. Public. */
export const getHistory = (options: { before?: string | null; limit?: number; signal?: AbortSignal } = {}) => {
  const query = new URLSearchParams();
  if (options.before) query.set('before', options.before);
  if (options.limit) query.set('limit', String(options.limit));
  const search = query.toString();
  return api.get<HistoryPage>(`/history${search ? `?${search}` : ''}`, { auth: false, signal: options.signal });
};

/** The history, newest first, a page at a time ("Load more" for older posts). */
export const useHistory = () =>
  useInfiniteQuery({
    queryKey: historyKeys.list(),
    queryFn: ({ pageParam, signal }) => getHistory({ before: pageParam, signal }),
    ...cursorPaging,
  });

export interface HistoryInput {
  title: string;
  description: string;
}

/** POST /history (admin): multipart `title`, `description`, `image`, with upload progress. */
export const createHistory = (input: HistoryInput & { image: File }, onProgress?: (percent: number) => void) => {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('image', input.image, input.image.name);
  return uploadWithProgress<{ entry: HistoryEntry }>('/history', form, { onProgress });
};

/**
 * PUT /history/:id (admin). Text only goes as JSON; with a new image it goes as multipart (the
 * API removes the old image once the entry points at the new one).
 */
export const updateHistory = (id: string, input: HistoryInput & { image?: File | null }, onProgress?: (percent: number) => void) => {
  if (!input.image) return api.put<{ entry: HistoryEntry }>(`/history/${id}`, { title: input.title, description: input.description });
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('image', input.image, input.image.name);
  return uploadWithProgress<{ entry: HistoryEntry }>(`/history/${id}`, form, { method: 'PUT', onProgress });
};

/** DELETE /history/:id (admin): 204; the image goes with it. */
export const deleteHistory = (id: string) => api.delete<void>(`/history/${id}`);
