/** The activity log's query keys: one list per pair of filters (trimmed, as the server reads them). */
export const activityLogKeys = {
  all: ['activity-log'] as const,
  list: ({ user, page }: { user: string; page: string }) => [...activityLogKeys.all, { user: user.trim(), page: page.trim() }] as const,
};
