/** The membership's query keys: the signed-in user's own payments. */
export const membershipKeys = {
  all: ['membership'] as const,
  payments: () => [...membershipKeys.all, 'payments'] as const,
};
