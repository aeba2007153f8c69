// @vitest-environment jsdom
import type { ChatMessage } from '@le/contracts';
import type { ComponentProps } from 'react';
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { buttonNamed, render } from '@/lib/test-render';
import type * as FormatModule from '@/features/chat/utils/format';
import { testMessage, testSender } from '@/features/chat/utils/test-messages';
import type { ChatRights } from '@/features/chat/utils/rights';
import { MessageList } from './message-list';

// Each drawing of a message asks how to show it once: counted here.
const drawn = vi.hoisted(() => ({ ids: [] as string[] }));
vi.mock('@/features/chat/utils/format', async (importOriginal) => {
  const original = await importOriginal<typeof FormatModule>();
  return {
    ...original,
    messageDisplay: (message: ChatMessage, isAdmin: boolean) => {
      drawn.ids.push(message._id);
      return original.messageDisplay(message, isAdmin);
    },
  };
});

const labelled = (label: string) => document.querySelectorAll<HTMLButtonElement>(`button[aria-label="${label}"]`);

(globalThis as { CSS?: { escape: (value: string) => string } }).CSS ??= { escape: (value: string) => value };

const me: ChatRights = { canPost: true, isAdmin: false, notice: null, expired: false, userId: 'me', username: 'me' };
const mine = testMessage('m3', 3, { createdAt: new Date().toISOString(), sender: { ...testSender, _id: 'me', username: 'me' } });
const messages = [testMessage('m1', 1), testMessage('m2', 2, { createdAt: '2026-11-20T10:01:00.000Z' }), mine];

type Props = ComponentProps<typeof MessageList>;
const props = (changes: Partial<Props> = {}): Props => ({
  messages,
  stream: 'global',
  rights: me,
  loaded: true,
  emptyText: 'No messages',
  hasOlder: false,
  onLoadOlder: () => undefined,
  openThreads: {},
  onToggleThread: () => undefined,
  // new functions on every call, as a parent's inline handlers are on every render
  onReply: () => undefined,
  onEdit: () => undefined,
  onDelete: () => undefined,
  onToggleHide: () => undefined,
  onRetry: () => undefined,
  onDiscard: () => undefined,
  ...changes,
});

describe('MessageList draws a message again only when it changed', () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
    drawn.ids = [];
  });

  const mount = (first: Props = props()) => {
    let setProps: (next: Props) => void = () => undefined;
    function Parent() {
      const [current, set] = useState(first);
      setProps = set;
      return <MessageList {...current} />;
    }
    view = render(<Parent />);
    return (next: Props) => act(() => setProps(next));
  };

  it('a parent drawn again with new handlers (a socket that connects, a status) draws no message again', () => {
    const update = mount();
    expect(drawn.ids.sort()).toEqual(['m1', 'm2', 'm3']);
    drawn.ids = [];
    update(props());
    expect(drawn.ids).toEqual([]);
  });

  it('a new message draws that message alone', () => {
    const update = mount();
    drawn.ids = [];
    update(props({ messages: [...messages, testMessage('m4', 4, { createdAt: '2026-11-20T10:05:00.000Z' })] }));
    expect(drawn.ids).toEqual(['m4']);
  });

  it('a changed message draws that message alone', () => {
    const update = mount();
    drawn.ids = [];
    update(props({ messages: [messages[0]!, { ...messages[1]!, content: 'edited', editedAt: '2026-11-20T10:02:00.000Z' }, mine] }));
    expect(drawn.ids).toEqual(['m2']);
  });

  it('an action calls the handler of the newest render', () => {
    const update = mount();
    const first = vi.fn();
    const newest = vi.fn();
    update(props({ onEdit: first }));
    update(props({ onEdit: newest }));
    act(() => labelled('Edit message')[0]?.click());
    expect(first).not.toHaveBeenCalled();
    expect(newest).toHaveBeenCalledWith(mine);
  });

  it('which actions there are still shows: Reply and Report come and go with their handlers', () => {
    const update = mount();
    expect(labelled('Reply').length).toBe(3);
    update(props({ onReply: undefined }));
    expect(labelled('Reply').length).toBe(0);
    expect(buttonNamed('Report')).toBeNull();
    const report = vi.fn();
    update(props({ onModerate: report }));
    act(() => buttonNamed('Report')?.click());
    expect(report).toHaveBeenCalledWith(messages[0], 'report');
    update(props());
    expect(buttonNamed('Report')).toBeNull();
  });

  describe('the clock', () => {
    const start = Date.parse('2026-11-20T10:10:00.000Z');
    // mine is two minutes old when the list first shows; its edit window (5 minutes) closes 3 minutes later
    const recent = { ...mine, createdAt: '2026-11-20T10:08:00.000Z' };
    beforeEach(() => vi.useFakeTimers({ now: start, toFake: ['Date', 'setInterval', 'clearInterval'] }));
    afterEach(() => vi.useRealTimers());

    it('ticks without drawing a message again, until one’s own message leaves its edit window: that one, once', () => {
      mount(props({ messages: [messages[0]!, messages[1]!, recent] }));
      expect(labelled('Edit message').length).toBe(1);
      drawn.ids = [];
      act(() => vi.advanceTimersByTime(10_000));
      expect(drawn.ids).toEqual([]);
      act(() => vi.advanceTimersByTime(3 * 60_000));
      expect(drawn.ids).toEqual(['m3']);
      expect(labelled('Edit message').length).toBe(0);
      drawn.ids = [];
      act(() => vi.advanceTimersByTime(60_000));
      expect(drawn.ids).toEqual([]);
    });
  });
});
