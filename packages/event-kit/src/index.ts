/**
 * What every event-sourced core shares: the one refusal a decision throws (`RuleError`), and the
 * append of a decided event at the head of its stream, decided again when another writer took the
 * place (`appendWithRetry`). Pure TypeScript without I/O; the in-memory log for tests is the
 * `@le/event-kit/testing` entry, never this one.
 */
export * from './rule-error';
export * from './append';
