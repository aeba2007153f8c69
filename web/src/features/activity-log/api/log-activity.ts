import type { LogActivityBody } from '@le/contracts';

import { api } from '@/lib/api-client';

// Apart from the log's list and its query hooks: a drawn page reports its visit before the app starts
// (utils/report-visit.ts, app/main.tsx), with no more script than this.

export type LogActivityInput = LogActivityBody;

/** POST /auth/log-activity (spec §7): anyone may report a visit; the server names the signed-in user. */
export const logActivity = (input: LogActivityInput) =>
  // A visit report must never throw a reader out of the page it is reporting.
  api.post<{ message: string }>('/auth/log-activity', input, { redirectOnUnauthorized: false });
