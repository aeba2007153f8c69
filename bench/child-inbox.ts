import { fork, type ChildProcess } from 'node:child_process';

/**
 * A helper process of the bench (run through tsx) and the messages it sends, taken by type in the
 * order they came: `next('ready')` waits for the first `{type: 'ready'}` not yet taken.
 */
export const forkWithInbox = (file: string): { child: ChildProcess; next: <T>(type: string) => Promise<T> } => {
  const child = fork(file, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const inbox: { type: string; [key: string]: unknown }[] = [];
  let wake: (() => void) | null = null;
  child.on('message', (message: { type: string }) => {
    inbox.push(message);
    wake?.();
  });
  const next = async <T>(type: string): Promise<T> => {
    for (;;) {
      const index = inbox.findIndex((message) => message.type === type);
      if (index >= 0) return inbox.splice(index, 1)[0] as T;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  return { child, next };
};
