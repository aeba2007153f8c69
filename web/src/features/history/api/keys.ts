/** The history's query keys: the public list, and everything under the feature. */
export const historyKeys = {
  all: ['history'] as const,
  list: () => [...historyKeys.all, 'list'] as const,
};
