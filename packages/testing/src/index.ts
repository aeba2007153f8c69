export * from './ports';
export * from './redis-server';
export * from './outbox';
export * from './dependencies';
export * from './push-service';
