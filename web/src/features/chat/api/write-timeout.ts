/**
 * How long a send, edit, hide, delete or the opening of a member's conversation may take: a request
 * that never answers then fails as a network failure would, so its message shows Not sent with Retry
 * rather than "Sending…" for ever.
 */
export const CHAT_WRITE_TIMEOUT_MS = 15_000;
