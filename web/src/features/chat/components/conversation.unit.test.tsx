// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { queryClient } from '@/lib/query-client';
import { buttonNamed, byTestId, click, render, stubApi, waitFor } from '@/lib/test-render';
import { useSessionStore } from '@/stores/session-store';
import { edit } from '@/features/chat/api/outbox';
import { receiveEvent } from '@/features/chat/api/streams';
import { testMessage } from '@/features/chat/utils/test-messages';
import type { ChatRights } from '@/features/chat/utils/rights';
import { Conversation } from './conversation';
import { savedUser } from '@/lib/test-fixtures';

// The member's own message, just written (its edit window is open).
const own = testMessage('m1', 1, { createdAt: new Date().toISOString() });
const rina: ChatRights = { canPost: true, isAdmin: false, notice: null, expired: false, userId: 'u1', username: 'rina' };

describe('Conversation: after a failure', () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
    useSessionStore.setState({ token: null, sessionId: null, savedUser: null });
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  const open = async (routes: Parameters<typeof stubApi>[0] = {}) => {
    stubApi({ 'GET /chat': () => ({ messages: [own], nextCursor: null }), 'GET /chat/events': () => ({ events: [], nextCursor: null }), ...routes });
    useSessionStore.setState({ token: 't', sessionId: 's1', savedUser: savedUser('rina') });
    // The app's one client: the streams and the outbox live there (api/streams.ts, api/outbox.ts).
    view = render(<Conversation stream="global" viewer="user" rights={rina} emptyText="No messages" />, { client: queryClient });
    await waitFor(() => expect(byTestId('chat-message-content')?.textContent).toBe('text m1'));
  };

  it('leaves edit mode when the message being edited is hidden or deleted meanwhile', async () => {
    await open();
    click(document.querySelector('button[aria-label="Edit message"]'));
    expect(byTestId('composer-mode')?.textContent).toBe('Editing message');
    act(() => receiveEvent({ stream: 'global', seq: 2, type: 'message.hidden', message: { ...own, seq: 2, hidden: true, hiddenFor: ['all'] } }));
    await waitFor(() => expect(byTestId('composer-mode')).toBeNull());
    expect(document.querySelector('textarea')?.value).toBe('');
  });

  it('Retry and Discard are described by the message’s text, and leave the focus in the message input', async () => {
    await open({ 'PATCH /chat/m1': () => ({ status: 503, body: { message: 'Unavailable' } }) });
    act(() => void edit('global', own, 'kata baru'));
    await waitFor(() => expect(buttonNamed('Retry')).not.toBeNull());
    const retry = buttonNamed('Retry')!;
    const described = document.getElementById(retry.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('kata baru');
    expect(buttonNamed('Discard')?.getAttribute('aria-describedby')).toBe(retry.getAttribute('aria-describedby'));

    retry.focus();
    click(retry);
    expect(document.activeElement).toBe(document.querySelector('textarea[aria-label="Message"]'));
    await waitFor(() => expect(buttonNamed('Discard')).not.toBeNull());
    const discard = buttonNamed('Discard')!;
    discard.focus();
    click(discard);
    expect(document.activeElement).toBe(document.querySelector('textarea[aria-label="Message"]'));
    await waitFor(() => expect(byTestId('chat-delivery')).toBeNull());
  });
});
