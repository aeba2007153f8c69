import type { AdminStats } from '@le/contracts';

import { api } from '@/lib/api-client';

/** GET /admin/stats: members by tier, pending payments, trials ending soon, online users, messages today. */
export const getAdminStats = (signal?: AbortSignal) => api.get<AdminStats>('/admin/stats', { signal });
