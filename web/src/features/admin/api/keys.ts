/** Every admin query's key, so that a write invalidates exactly what it changed. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => [...adminKeys.all, 'stats'] as const,
  payments: () => [...adminKeys.all, 'payments'] as const,
  paymentList: (status: string) => [...adminKeys.payments(), status] as const,
  /** One member's payments (the inbox's side panel): under payments(), so a decision anywhere refreshes it. */
  memberPayments: (userId: string) => [...adminKeys.payments(), 'member', userId] as const,
  members: () => [...adminKeys.all, 'members'] as const,
  memberList: ({ q, role, tier }: { q: string; role: string; tier: string }) => [...adminKeys.members(), { q: q.trim(), role, tier }] as const,
};
