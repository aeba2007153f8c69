// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { buttonNamed, byTestId, render } from '@/lib/test-render';
import type { OutgoingMessage, PendingWrite } from '@/features/chat/api/outbox';
import { testMessage, testSender } from '@/features/chat/utils/test-messages';
import type { ChatRights } from '@/features/chat/utils/rights';
import { MessageList } from './message-list';

// jsdom has no CSS.escape (the list scrolls one's own new reply into view with it).
(globalThis as { CSS?: { escape: (value: string) => string } }).CSS ??= { escape: (value: string) => value };

const admin: ChatRights = { canPost: true, isAdmin: true, notice: null, expired: false, userId: 'admin-1', username: 'admin' };
const root = testMessage('m1', 1);
const reply = testMessage('m2', 2, { createdAt: '2026-11-20T10:01:00.000Z', replyTo: { _id: 'm1', sender: testSender, preview: 'text m1' } });
const outgoingReply: OutgoingMessage = {
  stream: 'global',
  clientId: 'c1',
  content: 'balasan',
  replyTo: root,
  sender: { ...testSender, _id: 'admin-1', role: 'admin', username: 'admin' },
  createdAt: '2026-11-20T10:02:00.000Z',
  status: 'failed',
  error: null,
  permanent: false,
};

const show = (props: { outbox?: OutgoingMessage[]; writes?: Record<string, PendingWrite>; openThreads?: Record<string, boolean> }) =>
  render(
    <MessageList
      messages={[root, reply]}
      outbox={props.outbox}
      writes={props.writes}
      stream="global"
      rights={admin}
      loaded
      emptyText="No messages"
      hasOlder={false}
      onLoadOlder={() => undefined}
      openThreads={props.openThreads ?? {}}
      onToggleThread={() => undefined}
      onEdit={vi.fn()}
      onDelete={vi.fn()}
      onToggleHide={vi.fn()}
      onRetry={vi.fn()}
      onDiscard={vi.fn()}
    />,
  );

describe('MessageList: a failure is never out of sight', () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
  });

  it('a thread is collapsed by default, but open while one of its replies is Not sent or a change to one failed', () => {
    view = show({});
    expect(byTestId('chat-thread')?.dataset.open).toBe('false');
    expect(byTestId('chat-delivery')).toBeNull();
    view.unmount();

    view = show({ outbox: [outgoingReply] });
    expect(byTestId('chat-thread')?.dataset.open).toBe('true');
    expect(byTestId('chat-delivery')?.dataset.state).toBe('failed');
    view.unmount();

    view = show({ writes: { m2: { kind: 'hide', hidden: true, status: 'failed', error: null, permanent: false } } });
    expect(byTestId('chat-thread')?.dataset.open).toBe('true');
    expect(byTestId('chat-delivery')?.textContent).toContain('Could not hide the message.');
    view.unmount();

    // the reader collapsed it after: it stays as they left it
    view = show({ outbox: [outgoingReply], openThreads: { m1: false } });
    expect(byTestId('chat-thread')?.dataset.open).toBe('false');
  });

  it('a failure that may pass offers Retry; a refusal for good only Discard or Dismiss, with the server’s reason', () => {
    view = show({ outbox: [{ ...outgoingReply, error: 'Too many messages, slow down.' }] });
    expect(buttonNamed('Retry')).not.toBeNull();
    expect(buttonNamed('Discard')).not.toBeNull();
    view.unmount();

    view = show({ outbox: [{ ...outgoingReply, error: 'The message you reply to was deleted.', permanent: true }] });
    expect(byTestId('chat-delivery')?.textContent).toContain('Not sent · The message you reply to was deleted.');
    expect(buttonNamed('Retry')).toBeNull();
    expect(buttonNamed('Discard')).not.toBeNull();
    view.unmount();

    view = show({ writes: { m1: { kind: 'edit', content: 'baru', status: 'failed', error: 'This message is hidden.', permanent: true } }, openThreads: { m1: false } });
    expect(byTestId('chat-delivery')?.textContent).toContain('This message is hidden.');
    expect(buttonNamed('Retry')).toBeNull();
    expect(buttonNamed('Discard')).not.toBeNull();
  });
});
