/** The event-sourced chat core: commands decided into events, projections folded from events. */
export {};
