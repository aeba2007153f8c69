import type { ActivityListResponse } from '@le/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/paged-list';
import { activityLogKeys } from './keys';

export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityLogPage = ActivityListResponse;

export interface ActivityLogQuery {
  user?: string;
  page?: string;
  before?: string | null;
  limit?: number;
  signal?: AbortSignal;
}

/** GET /auth/log-activity (admin): newest first, filtered by part of the username and of the page. */
export const getActivityLog = ({ user, page, before, limit, signal }: ActivityLogQuery = {}) => {
  const query = new URLSearchParams();
  if (user?.trim()) query.set('user', user.trim());
  if (page?.trim()) query.set('page', page.trim());
  if (before) query.set('before', before);
  if (limit) query.set('limit', String(limit));
  const search = query.toString();
  return api.get<ActivityLogPage>(`/auth/log-activity${search ? `?${search}` : ''}`, { signal });
};

export interface ActivityFilters {
  /** Part of the username. */
  user: string;
  /** Part of the page's path. */
  page: string;
}

/** The log, newest first, a page at a time; other filters are another list. */
export const useActivityLog = ({ user, page }: ActivityFilters) =>
  useInfiniteQuery({
    queryKey: activityLogKeys.list({ user, page }),
    queryFn: ({ pageParam, signal }) => getActivityLog({ user, page, before: pageParam, limit: ACTIVITY_PAGE_SIZE, signal }),
    ...cursorPaging,
  });
