/** The event-sourced signals core: commands decided into events, the projection folded from them, views per viewer. */
export * from './events';
export * from './commands';
export * from './projection';
export * from './views';
export * from './stats';
export * from './store';
export * from './ledger';
