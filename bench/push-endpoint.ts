/**
 * The push bench's push service, in its own process so that its decryption does not share the
 * server's event loop: `startLocalPushService` (verifies VAPID, decrypts every payload), driven by
 * IPC from bench/push.ts.
 */
import { startLocalPushService, type LocalPushService, type TestSubscriber } from '@le/testing';

let service: LocalPushService | null = null;
const subscribers: TestSubscriber[] = [];

process.on('message', (message: { type: string; vapidPublicKey?: string; count?: number; since?: number; expected?: number; timeoutMs?: number }) => {
  void (async () => {
    if (message.type === 'start') {
      service = await startLocalPushService({ vapidPublicKey: message.vapidPublicKey });
      for (let index = 0; index < message.count!; index += 1) subscribers.push(service.subscriber());
      process.send!({ type: 'started', subscriptions: subscribers.map((subscriber) => subscriber.subscription) });
    } else if (message.type === 'wait') {
      const deadline = Date.now() + message.timeoutMs!;
      const round = () => service!.received.filter((push) => push.at >= message.since!);
      while (round().length < message.expected! && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      process.send!({ type: 'waited', at: round().map((push) => push.at), failures: service!.failures.length });
    } else if (message.type === 'stop') {
      await service?.close();
      process.exit(0);
    }
  })();
});
process.send!({ type: 'ready' });
