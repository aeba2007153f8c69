import type { ChatEventRecord, ChatMessage, ChatSummary } from '@le/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@le/contracts';
import { rebuildChatProjections } from '../src/services/chat-rebuild';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';

/** The chat REST API of spec §7 / contract §4–§5, through inject on the real server and store. */
let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
let trial: SignedInUser;
let expired: SignedInUser;

const DAY = 86_400_000;
const makeMember = async (user: SignedInUser, end = new Date(Date.now() + 30 * DAY)) => {
  await t.store.users.update(user.userId, { role: 'member', membershipTier: 'pro', membershipEnd: end });
};

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, ...(token ? { token } : {}) });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string | undefined, payload?: unknown) =>
  call(t.app, { method, url, ...(token ? { token } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const post = async (token: string, payload: Record<string, unknown>): Promise<ChatMessage> => {
  const response = await send('POST', '/api/chat', token, payload);
  if (response.statusCode !== 201) throw new Error(`post: ${response.statusCode} ${response.body}`);
  return response.json<{ message: ChatMessage }>().message;
};
const openChat = async (user: SignedInUser): Promise<ChatSummary> => {
  const response = await send('POST', '/api/chat/with-admin', user.token);
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`open: ${response.statusCode} ${response.body}`);
  return response.json<{ chat: ChatSummary }>().chat;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  member = await signUp(t, 'member');
  other = await signUp(t, 'other');
  trial = await signUp(t, 'trial');
  expired = await signUp(t, 'expired');
  await makeMember(member);
  await makeMember(other);
  await makeMember(expired, new Date(Date.now() - DAY));
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('posting in the global room', () => {
  it('lets a member and an admin post, and lists newest first for everyone', async () => {
    const first = await post(member.token, { content: '  Gold is up today  ', type: 'global' });
    expect(first).toMatchObject({ content: 'Gold is up today', type: 'global', chatId: null, hidden: false, hiddenFor: [], replyTo: null });
    expect(first.sender).toMatchObject({ _id: member.userId, role: 'member', membershipTier: 'pro' });
    const second = await post(admin.token, { content: 'Welcome!' });
    expect(second.sender.role).toBe('admin');
    expect(second.seq).toBe(first.seq + 1);

    for (const token of [undefined, trial.token, member.token, admin.token]) {
      const response = await get(token ? '/api/chat' : '/api/chat/public', token);
      expect(response.statusCode).toBe(200);
      const ids = response.json<{ messages: ChatMessage[] }>().messages.map((message) => message._id);
      expect(ids.indexOf(second._id)).toBeLessThan(ids.indexOf(first._id));
    }
  });
});

const SECRET = 'secret-tip-do-not-leak';
const bodyOf = async (url: string, token?: string) => (await get(url, token)).body;

describe('senders as they are now', () => {
  it('an earlier message shows its sender’s new photo and name on every read and push (not the ones it was posted with)', async () => {
    const author = await signUp(t, 'photo');
    await makeMember(author);
    const first = await post(author.token, { content: 'Posted with the old photo', type: 'global' });
    const reply = await post(member.token, { content: 'A reply to it', type: 'global', replyTo: first._id });
    expect(first.sender.photo_profile).toBe('');
    await t.store.users.update(author.userId, { photo_profile: '/api/files/new-photo', name: 'Renamed Author' });
    const renamed = { _id: author.userId, photo_profile: '/api/files/new-photo', name: 'Renamed Author' };

    for (const [url, token] of [['/api/chat/public', undefined], ['/api/chat', member.token], ['/api/chat', admin.token]] as const) {
      const messages = (await get(url, token)).json<{ messages: ChatMessage[] }>().messages;
      expect(messages.find((message) => message._id === first._id)?.sender, url).toMatchObject(renamed);
      expect(messages.find((message) => message._id === reply._id)?.replyTo?.sender, url).toMatchObject(renamed);
    }
    const events = (await get('/api/chat/events?stream=global&after=0&limit=500', member.token)).json<{ events: ChatEventRecord[] }>().events;
    expect(events.find((event) => event.message?._id === first._id)?.message?.sender).toMatchObject(renamed);

    // The socket fan-out: an admin hides the message, every audience gets the sender as now.
    const pushed: { event: string; payload: { message?: ChatMessage } }[] = [];
    // The services hold the app's one publisher: listen on it rather than replace it.
    const { publisher } = t.app.realtime;
    const record = (event: string, args: unknown[]) => void pushed.push({ event, payload: args[0] as { message?: ChatMessage } });
    const spies = [
      vi.spyOn(publisher, 'emit').mockImplementation((_rooms, event, ...args) => record(event, args)),
      vi.spyOn(publisher, 'emitExcept').mockImplementation((_rooms, event, ...args) => record(event, args)),
    ];
    try {
      const hidden = await send('PATCH', `/api/chat/${first._id}/hide`, admin.token, { context: 'test' });
      expect(hidden.json<{ message: ChatMessage }>().message.sender).toMatchObject(renamed);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(pushed.filter((entry) => entry.event === 'chat:event')).toHaveLength(2);
    for (const entry of pushed) expect(entry.payload.message?.sender).toMatchObject(renamed);
    // The log itself keeps who posted as they were then.
    const [posted] = await t.store.chatEvents.after('global', first.seq - 1, 1);
    expect(posted).toMatchObject({ type: 'message.posted', data: { messageId: first._id, sender: { photo_profile: '', name: expect.not.stringContaining('Renamed') } } });
  });
});

describe('who may post', () => {
  it('refuses guests (401), trials and expired members (403)', async () => {
    expect((await send('POST', '/api/chat', undefined, { content: 'hi' })).statusCode).toBe(401);
    for (const user of [trial, expired]) {
      const response = await send('POST', '/api/chat', user.token, { content: 'hi' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Only members with an active membership can post.', code: 'CANNOT_POST' });
    }
  });

  it('refuses empty, blank, too long and malformed messages with 400', async () => {
    const cases: unknown[] = [
      { content: '' },
      { content: '   \n ' },
      { content: 'x'.repeat(LIMITS.messageMaxChars + 1) },
      { content: 42 },
      {},
      { content: 'hi', type: 'global', chatId: 'a'.repeat(24) },
      { content: 'hi', type: 'private' },
      { content: 'hi', replyTo: 'not-an-id' },
      { content: 'hi', clientId: 'x'.repeat(65) },
    ];
    for (const payload of cases) {
      const response = await send('POST', '/api/chat', member.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof response.json<{ message: string }>().message).toBe('string');
    }
    const exact = await send('POST', '/api/chat', member.token, { content: 'x'.repeat(LIMITS.messageMaxChars) });
    expect(exact.statusCode).toBe(201);
  });
});

describe('replies', () => {
  it('carry the parent id, sender and a 50-character preview', async () => {
    const parent = await post(member.token, { content: 'P'.repeat(80) });
    const reply = await post(other.token, { content: 'agreed', replyTo: parent._id, type: 'global' });
    expect(reply.replyTo).toEqual({ _id: parent._id, sender: parent.sender, preview: 'P'.repeat(50) });
  });

  it('refuse a hidden parent (403) and an unknown one (404)', async () => {
    const parent = await post(member.token, { content: 'to be hidden' });
    expect((await send('PATCH', `/api/chat/${parent._id}/hide`, admin.token, {})).statusCode).toBe(200);
    expect((await send('POST', '/api/chat', other.token, { content: 'reply', replyTo: parent._id })).statusCode).toBe(403);
    expect((await send('POST', '/api/chat', other.token, { content: 'reply', replyTo: 'f'.repeat(24) })).statusCode).toBe(404);
  });
});

describe('edit and delete', () => {
  it('lets the author edit within 5 minutes, by the server clock', async () => {
    const message = await post(member.token, { content: 'frist' });
    const edited = await send('PATCH', `/api/chat/${message._id}`, member.token, { content: 'first' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ message: ChatMessage }>().message).toMatchObject({ _id: message._id, content: 'first' });
    expect(edited.json<{ message: ChatMessage }>().message.editedAt).not.toBeNull();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LIMITS.editWindowMs + 1_000);
    const late = await send('PATCH', `/api/chat/${message._id}`, member.token, { content: 'too late' });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'EDIT_WINDOW_CLOSED' });
    expect((await send('DELETE', `/api/chat/${message._id}`, member.token)).statusCode).toBe(403);
  });

  it('refuses editing or deleting someone else message, even as admin', async () => {
    const message = await post(member.token, { content: 'mine' });
    for (const user of [other, admin]) {
      expect((await send('PATCH', `/api/chat/${message._id}`, user.token, { content: 'yours' })).statusCode).toBe(403);
      expect((await send('DELETE', `/api/chat/${message._id}`, user.token)).statusCode).toBe(403);
    }
  });

  it('refuses a blank edit (400), an unknown message (404) and a bad id (400)', async () => {
    const message = await post(member.token, { content: 'mine' });
    expect((await send('PATCH', `/api/chat/${message._id}`, member.token, { content: '  ' })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/chat/${'e'.repeat(24)}`, member.token, { content: 'x' })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/chat/nope', member.token, { content: 'x' })).statusCode).toBe(400);
    expect((await send('DELETE', `/api/chat/${'e'.repeat(24)}`, member.token)).statusCode).toBe(404);
  });

  it('deletes the author message (204): gone from lists, a second delete is 404', async () => {
    const message = await post(member.token, { content: 'oops' });
    expect((await send('DELETE', `/api/chat/${message._id}`, member.token)).statusCode).toBe(204);
    const ids = (await get('/api/chat/public')).json<{ messages: ChatMessage[] }>().messages.map((m) => m._id);
    expect(ids).not.toContain(message._id);
    expect((await send('DELETE', `/api/chat/${message._id}`, member.token)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/chat/${message._id}`, member.token, { content: 'back' })).statusCode).toBe(404);
  });

  it('refuses an edit once the membership has ended', async () => {
    const lapsing = await signUp(t, 'lapsing');
    await makeMember(lapsing);
    const message = await post(lapsing.token, { content: 'soon expired' });
    await t.store.users.update(lapsing.userId, { membershipEnd: new Date(Date.now() - 1_000) });
    expect((await send('PATCH', `/api/chat/${message._id}`, lapsing.token, { content: 'edit' })).statusCode).toBe(403);
  });
});

describe('hide and unhide', () => {
  it('is for admins only, toggles, and hidden content never reaches a non-admin', async () => {
    const message = await post(member.token, { content: SECRET });
    const reply = await post(other.token, { content: 'replying to it', replyTo: message._id });
    expect((await send('PATCH', `/api/chat/${message._id}/hide`, member.token, { context: 'x' })).statusCode).toBe(403);

    const hidden = await send('PATCH', `/api/chat/${message._id}/hide`, admin.token, { context: 'global' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<{ message: ChatMessage }>().message).toMatchObject({ content: SECRET, hidden: true, hiddenFor: ['all'] });

    // Every non-admin read: public list, /chat, /chat/events, for guests, trials and members.
    const reads: [string, string | undefined][] = [
      ['/api/chat/public', undefined],
      ['/api/chat/public', admin.token],
      ['/api/chat', trial.token],
      ['/api/chat', member.token],
      ['/api/chat', other.token],
      ['/api/chat/events?stream=global&after=0&limit=500', undefined],
      ['/api/chat/events?stream=global&after=0&limit=500', member.token],
    ];
    for (const [url, token] of reads) {
      const body = await bodyOf(url, token);
      expect(body, url).not.toContain(SECRET);
    }
    const seen = (await get('/api/chat', member.token)).json<{ messages: ChatMessage[] }>().messages;
    expect(seen.find((m) => m._id === message._id)).toMatchObject({ content: '', hidden: true, hiddenFor: ['all'] });
    expect(seen.find((m) => m._id === reply._id)?.replyTo).toMatchObject({ _id: message._id, preview: '' });

    const adminView = (await get('/api/chat', admin.token)).json<{ messages: ChatMessage[] }>().messages;
    expect(adminView.find((m) => m._id === message._id)).toMatchObject({ content: SECRET, hidden: true });
    expect(adminView.find((m) => m._id === reply._id)?.replyTo?.preview).toBe(SECRET);

    const shown = await send('PATCH', `/api/chat/${message._id}/hide`, admin.token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<{ message: ChatMessage }>().message).toMatchObject({ hidden: false, hiddenFor: [] });
    expect(await bodyOf('/api/chat/public')).toContain(SECRET);
  });

  it('answers 404 for an unknown message', async () => {
    expect((await send('PATCH', `/api/chat/${'d'.repeat(24)}/hide`, admin.token, {})).statusCode).toBe(404);
  });
});

describe('clientId', () => {
  it('a retried post returns the first message and appends nothing', async () => {
    const payload = { content: 'once only', clientId: 'retry-1' };
    const first = await send('POST', '/api/chat', member.token, payload);
    expect(first.statusCode).toBe(201);
    const head = (await t.store.chatEvents.head('global'));
    const again = await send('POST', '/api/chat', member.token, payload);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json<{ message: ChatMessage }>().message._id).toBe(first.json<{ message: ChatMessage }>().message._id);
    expect(await t.store.chatEvents.head('global')).toBe(head);
  });

  it('concurrent retries give one message; another user may use the same clientId', async () => {
    const payload = { content: 'racing', clientId: 'race-1' };
    const responses = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/api/chat', member.token, payload)));
    const ids = new Set(responses.map((response) => response.json<{ message: ChatMessage }>().message._id));
    expect(ids.size).toBe(1);
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    const theirs = await send('POST', '/api/chat', other.token, payload);
    expect(theirs.statusCode).toBe(201);
    expect(ids.has(theirs.json<{ message: ChatMessage }>().message._id)).toBe(false);
  });

  it('the same clientId for another post is refused (409), whatever differs, and nothing is appended', async () => {
    const reuser = await signUp(t, 'reuser');
    await makeMember(reuser);
    const first = await send('POST', '/api/chat', reuser.token, { content: 'the first post', clientId: 'reused-1' });
    expect(first.statusCode).toBe(201);
    const { _id: firstId } = first.json<{ message: ChatMessage }>().message;
    const head = await t.store.chatEvents.head('global');
    // text, reply and room each make it another post (a reply to the first, or a private chat's post)
    const chatId = (await openChat(reuser))._id;
    for (const payload of [
      { content: 'another post', clientId: 'reused-1' },
      { content: 'the first post', replyTo: firstId, clientId: 'reused-1' },
      { content: 'the first post', type: 'private', chatId, clientId: 'reused-1' },
    ]) {
      const reused = await send('POST', '/api/chat', reuser.token, payload);
      expect(reused.statusCode, JSON.stringify(payload)).toBe(409);
      expect(reused.json<{ code: string }>().code).toBe('CLIENT_ID_REUSED');
    }
    expect(await t.store.chatEvents.head('global')).toBe(head);
    // the retry itself, spaces around the text as the composer may leave them, is still the first post
    const retry = await send('POST', '/api/chat', reuser.token, { content: '  the first post\n', clientId: 'reused-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json<{ message: ChatMessage }>().message._id).toBe(firstId);
  });
});

describe('concurrent writers over HTTP', () => {
  it('give gapless sequences in the global stream', async () => {
    const before = await t.store.chatEvents.head('global');
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => send('POST', '/api/chat', i % 2 ? member.token : admin.token, { content: `burst ${i}` })));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const seqs = responses.map((response) => response.json<{ message: ChatMessage }>().message.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
  });
});

describe('private chats', () => {
  let chat: ChatSummary;
  it('a member opens one conversation with the admins; admins cannot', async () => {
    const before = await get('/api/chat/with-admin', member.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ chat: null, messages: [] });
    expect(before.json<{ admins: { _id: string }[] }>().admins.map((a) => a._id)).toContain(admin.userId);

    const opened = await send('POST', '/api/chat/with-admin', member.token);
    expect(opened.statusCode).toBe(201);
    chat = opened.json<{ chat: ChatSummary }>().chat;
    expect(chat.participants.map((p) => p._id)).toEqual(expect.arrayContaining([member.userId, admin.userId]));
    const again = await send('POST', '/api/chat/with-admin', member.token);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ chat: ChatSummary }>().chat._id).toBe(chat._id);

    expect((await send('POST', '/api/chat/with-admin', admin.token)).statusCode).toBe(403);
    expect((await get('/api/chat/with-admin', admin.token)).statusCode).toBe(403);
    expect((await send('POST', '/api/chat/with-admin', undefined)).statusCode).toBe(401);
  });

  it('member and admins talk; the list shows it with unread counts until read', async () => {
    const mine = await post(member.token, { content: 'Halo admin', type: 'private', chatId: chat._id });
    expect(mine).toMatchObject({ type: 'private', chatId: chat._id });
    await post(admin.token, { content: 'Halo, ada yang bisa dibantu?', chatId: chat._id });
    await post(admin.token, { content: 'Silakan', chatId: chat._id });

    const conversation = await get(`/api/chat?chatId=${chat._id}`, member.token);
    expect(conversation.json<{ messages: ChatMessage[] }>().messages.map((m) => m.content)).toEqual(['Silakan', 'Halo, ada yang bisa dibantu?', 'Halo admin']);
    expect((await get(`/api/chat?chatId=${chat._id}`, admin.token)).statusCode).toBe(200);

    const mineList = (await get('/api/chat/user/chats', member.token)).json<{ chats: ChatSummary[] }>().chats;
    expect(mineList).toHaveLength(1);
    expect(mineList[0]).toMatchObject({ _id: chat._id, unreadCount: 2, lastMessage: { content: 'Silakan' } });

    const adminList = (await get('/api/chat/admin/chats', admin.token)).json<{ chats: ChatSummary[] }>().chats;
    expect(adminList.find((c) => c._id === chat._id)).toMatchObject({ unreadCount: 1 });

    expect((await send('POST', `/api/chat/${chat._id}/read`, member.token)).statusCode).toBe(204);
    expect((await get('/api/chat/user/chats', member.token)).json<{ chats: ChatSummary[] }>().chats[0]!.unreadCount).toBe(0);
    expect((await send('POST', `/api/chat/${chat._id}/read`, member.token)).statusCode).toBe(204);
    expect((await send('POST', `/api/chat/${chat._id}/read`, admin.token)).statusCode).toBe(204);
    const afterRead = (await get('/api/chat/admin/chats', admin.token)).json<{ chats: ChatSummary[] }>().chats;
    expect(afterRead.find((c) => c._id === chat._id)!.unreadCount).toBe(0);

    const withAdmin = (await get('/api/chat/with-admin', member.token)).json<{ chat: ChatSummary; messages: ChatMessage[] }>();
    expect(withAdmin.chat._id).toBe(chat._id);
    expect(withAdmin.messages).toHaveLength(3);
  });

  it('another member can never read or write it (403); unknown chats are 404', async () => {
    const message = (await get(`/api/chat?chatId=${chat._id}`, member.token)).json<{ messages: ChatMessage[] }>().messages[2]!;
    const forbidden = [
      await get(`/api/chat?chatId=${chat._id}`, other.token),
      await get(`/api/chat/events?stream=${chat._id}`, other.token),
      await send('POST', '/api/chat', other.token, { content: 'intrude', chatId: chat._id, type: 'private' }),
      await send('POST', `/api/chat/${chat._id}/read`, other.token),
      await send('PATCH', `/api/chat/${message._id}`, other.token, { content: 'x' }),
      await send('DELETE', `/api/chat/${message._id}`, other.token),
    ];
    for (const response of forbidden) expect(response.statusCode).toBe(403);
    expect((await get(`/api/chat/events?stream=${chat._id}`)).statusCode).toBe(401);
    expect((await get(`/api/chat?chatId=${'0'.repeat(24)}`, member.token)).statusCode).toBe(404);
    expect((await send('POST', `/api/chat/${'0'.repeat(24)}/read`, member.token)).statusCode).toBe(404);
    expect((await get('/api/chat/admin/chats', member.token)).statusCode).toBe(403);
    expect((await get('/api/chat/user/chats', other.token)).json()).toEqual({ chats: [] });
    expect((await get('/api/chat', undefined)).statusCode).toBe(401);
  });

  it('a trial may open a conversation (listed once it has a message) and write in it (contract §9)', async () => {
    const opened = await openChat(trial);
    // An opened but empty conversation is not listed.
    const before = (await get('/api/chat/admin/chats', admin.token)).json<{ chats: ChatSummary[] }>().chats;
    expect(before.map((c) => c._id)).not.toContain(opened._id);
    const response = await send('POST', '/api/chat', trial.token, { content: 'hello?', chatId: opened._id, type: 'private' });
    expect(response.statusCode).toBe(201);
    const listed = (await get('/api/chat/admin/chats', admin.token)).json<{ chats: ChatSummary[] }>().chats;
    expect(listed.map((c) => c._id)).toContain(opened._id);
  });
});

describe('pagination and catch-up', () => {
  it('pages older messages by cursor, newest first', async () => {
    const pager = await signUp(t, 'pager');
    await makeMember(pager);
    const chat = await openChat(pager);
    for (let i = 1; i <= 5; i += 1) await post(pager.token, { content: `m${i}`, chatId: chat._id, type: 'private' });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(`/api/chat?chatId=${chat._id}&limit=2${cursor ? `&before=${cursor}` : ''}`, pager.token);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ messages: ChatMessage[]; nextCursor: string | null }>();
      seen.push(...page.messages.map((m) => m.content));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    expect((await get(`/api/chat?chatId=${chat._id}&limit=0`, pager.token)).statusCode).toBe(400);
    expect((await get(`/api/chat?chatId=${chat._id}&before=abc`, pager.token)).statusCode).toBe(400);
  });

  it('GET /chat/events reads the log forward (ascending) from `after`, with a cursor', async () => {
    const first = await get('/api/chat/events?stream=global&after=0&limit=3');
    expect(first.statusCode).toBe(200);
    const page = first.json<{ events: ChatEventRecord[]; nextCursor: string | null }>();
    expect(page.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(page.nextCursor).toBe('3');
    expect(page.events[0]).toMatchObject({ stream: 'global', type: 'message.posted', message: { seq: expect.any(Number) } });
    const next = (await get(`/api/chat/events?stream=global&after=${page.nextCursor}&limit=2`)).json<{ events: ChatEventRecord[] }>();
    expect(next.events.map((e) => e.seq)).toEqual([4, 5]);
    const head = await t.store.chatEvents.head('global');
    const end = (await get(`/api/chat/events?stream=global&after=${head}`)).json<{ events: ChatEventRecord[]; nextCursor: string | null }>();
    expect(end).toEqual({ events: [], nextCursor: null });
    expect((await get('/api/chat/events?stream=nope')).statusCode).toBe(400);
    expect((await get('/api/chat/events?stream=global', 'bad-token')).statusCode).toBe(401);
  });
});

describe('write limits', () => {
  it('answers 429 with a message once an address sends too many writes', async () => {
    const ip = '10.250.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const response = await call(t.app, { method: 'POST', url: '/api/chat', token: admin.token, ip, payload: { content: `flood ${i}` } });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json<{ message: string }>().message).toMatch(/Too many requests/);
    }
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('rebuild', () => {
  it('the projections rebuilt from chat_events equal the live ones, and a repair restores a damaged one', async () => {
    const report = await rebuildChatProjections(t.store);
    expect(report.events).toBeGreaterThan(30);
    expect(report).toMatchObject({ equal: true, messages: { missing: [], extra: [], different: [] }, chats: { missing: [], extra: [], different: [] } });

    const [victim] = (await get('/api/chat/public')).json<{ messages: ChatMessage[] }>().messages;
    await t.store.chat.saveMessage({ ...(await t.store.chat.findMessage(victim!._id))!, content: 'tampered', projSeq: 10_000 });
    const damaged = await rebuildChatProjections(t.store, { repair: true });
    expect(damaged.equal).toBe(false);
    expect(damaged.messages.different).toEqual([victim!._id]);
    expect((await rebuildChatProjections(t.store)).equal).toBe(true);
    expect((await t.store.chat.findMessage(victim!._id))!.content).toBe(victim!.content);
  });
});
