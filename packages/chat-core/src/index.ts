/** The event-sourced chat core: commands decided into events, projections folded from events. */
export * from './events';
export * from './commands';
export * from './projections';
export * from './views';
export * from './store';
export * from './moderation';
export * from './moderation-rules';
