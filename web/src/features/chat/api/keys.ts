/** The chat's query keys: the chat lists and the member's conversation (its message stream lives in the chat store, seq-ordered). */
export const chatKeys = {
  all: ['chat'] as const,
  lists: () => [...chatKeys.all, 'chats'] as const,
  list: (kind: 'admin' | 'user') => [...chatKeys.lists(), kind] as const,
  withAdmin: () => [...chatKeys.all, 'with-admin'] as const,
  /** The global room's newest page as the server read it for a guest's drawn /faq-chat (hooks/use-seeded-stream.ts). */
  publicPage: () => [...chatKeys.all, 'public'] as const,
};
