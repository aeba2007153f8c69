import type { ChatSummary } from '@le/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { clearUnread } from './get-chats';
import { chatKeys } from './keys';

const chat = (id: string, unreadCount: number) => ({ _id: id, unreadCount }) as unknown as ChatSummary;

describe('clearUnread', () => {
  it('zeroes the badge of the chat read, in every chat list cached, and of no other chat', () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.list('admin'), [chat('a', 2), chat('b', 5)]);
    client.setQueryData(chatKeys.list('user'), [chat('a', 1)]);
    clearUnread(client, 'a');
    expect(client.getQueryData(chatKeys.list('admin'))).toEqual([chat('a', 0), chat('b', 5)]);
    expect(client.getQueryData(chatKeys.list('user'))).toEqual([chat('a', 0)]);
  });

  it('leaves a list not loaded yet alone', () => {
    const client = new QueryClient();
    clearUnread(client, 'a');
    expect(client.getQueryData(chatKeys.list('admin'))).toBeUndefined();
  });
});
