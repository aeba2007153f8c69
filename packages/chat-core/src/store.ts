import type { EventStorePort } from '@le/event-kit';
import type { ChatEvent } from './events';

/** The event store a chat command needs: `@le/event-kit`'s, for chat events. */
export type ChatEventStorePort = EventStorePort<ChatEvent>;
