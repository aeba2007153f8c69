import type { AdminStats } from '@le/contracts';
import { LIMITS } from '@le/contracts';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** GET /admin/stats: members by tier, pending payments, trials ending soon, online users, messages today. */
export const getAdminStats = (signal?: AbortSignal) => api.get<AdminStats>('/admin/stats', { signal });

/** The numbers follow heartbeats: refreshed as often as a browser beats. */
export const useAdminStats = () =>
  useQuery({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => getAdminStats(signal), refetchInterval: LIMITS.heartbeatMs });
