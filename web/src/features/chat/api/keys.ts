/** The chat's query keys: the chat lists (the message streams live in the chat store, seq-ordered). */
export const chatKeys = {
  all: ['chat'] as const,
  lists: () => [...chatKeys.all, 'chats'] as const,
  list: (kind: 'admin' | 'user') => [...chatKeys.lists(), kind] as const,
};
