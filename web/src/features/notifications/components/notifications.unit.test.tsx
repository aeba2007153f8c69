// @vitest-environment jsdom
import type { NotificationPreferences, PushDevice } from '@le/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loginAs, publicUser } from '@/lib/test-fixtures';
import { buttonNamed, byTestId, click, render, stubApi, waitFor } from '@/lib/test-render';
import { useSessionStore } from '@/stores/session-store';
import { NotificationsCard } from './notifications-card';
import { INVITATION_KEY, PushInvitation } from './push-invitation';
import { PushInvitationSlot } from './push-invitation-slot';

const ALL_ON: NotificationPreferences = { signalOpened: true, signalUpdated: true, signalClosed: true, replies: true, adminMessages: true, membership: true };
const member = publicUser('sari', { role: 'member', membershipTier: 'pro', membershipEnd: new Date(Date.now() + 30 * 86_400_000).toISOString() });
const device = (current: boolean, userAgent: string): PushDevice => ({ _id: `d-${userAgent.length}`, service: 'fcm.googleapis.com', userAgent, createdAt: '2026-11-01T00:00:00.000Z', current });

/** A browser with the Push API, asking nothing yet (jsdom has none of it). */
const pushCapableBrowser = (userAgent = navigator.userAgent) => {
  vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission: vi.fn(async () => 'denied') }));
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
};

// The first test pays for loading Chakra, which under a loaded machine can pass 5 s.
describe('notifications on screen', { timeout: 20_000 }, () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
    useSessionStore.getState().clear();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('the card: one switch per kind, saved when flipped; the devices, this one marked; a test for a device that has them on', async () => {
    pushCapableBrowser();
    const calls = stubApi({
      'GET /auth/me': () => ({ user: member }),
      'GET /notifications/preferences': () => ({ preferences: ALL_ON }),
      'PUT /notifications/preferences': (body) => ({ preferences: { ...ALL_ON, ...(body as object) } }),
      'GET /push/subscriptions': () => ({ subscriptions: [device(true, 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36'), device(false, 'Mozilla/5.0 (Windows NT 10.0) Firefox/133.0')] }),
      'POST /push/test': () => ({ status: 202, body: null }),
    });
    useSessionStore.getState().signIn(loginAs('sari', member));
    view = render(<NotificationsCard />, { path: '/settings' });
    await waitFor(() => expect(byTestId('preference-replies')).not.toBeNull());
    expect(document.querySelectorAll('[data-testid^="preference-"]')).toHaveLength(6);
    await waitFor(() => expect(byTestId('push-state')?.textContent).toBe('Notifications are on.'));
    expect([...document.querySelectorAll('[data-testid="push-device"]')].map((row) => row.textContent)).toEqual([
      expect.stringContaining('Chrome on AndroidThis device'),
      expect.stringContaining('Firefox on Windows'),
    ]);
    click(byTestId('preference-replies'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && JSON.stringify(call.body) === '{"replies":false}')).toBe(true));
    click(buttonNamed('Send a test'));
    await waitFor(() => expect(document.body.textContent).toContain('A test notification is on its way.'));
  });

  it('the card on an iPhone in a tab: the Home Screen step first, no button that cannot work', async () => {
    pushCapableBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1');
    stubApi({
      'GET /auth/me': () => ({ user: member }),
      'GET /notifications/preferences': () => ({ preferences: ALL_ON }),
      'GET /push/subscriptions': () => ({ subscriptions: [] }),
    });
    useSessionStore.getState().signIn(loginAs('sari', member));
    view = render(<NotificationsCard />, { path: '/settings' });
    await waitFor(() => expect(document.body.textContent).toContain('Add to Home Screen'));
    await waitFor(() => expect(buttonNamed('Turn on for this device')?.disabled).toBe(true));
  });

  it('the invitation: for a member never asked; "Not now" hides it for good; never for a trial', async () => {
    pushCapableBrowser();
    const calls = stubApi({ 'GET /auth/me': () => ({ user: member }), 'GET /push/subscriptions': () => ({ subscriptions: [] }) });
    // a guest's page has no place for it: nothing drawn, nothing asked of the API
    view = render(<PushInvitationSlot />, { path: '/live' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byTestId('push-invitation')).toBeNull();
    expect(calls).toHaveLength(0);
    view.unmount();
    // a member's page loads it (a file of its own) once live
    useSessionStore.getState().signIn(loginAs('sari', member));
    view = render(<PushInvitationSlot />, { path: '/live' });
    await waitFor(() => expect(byTestId('push-invitation')).not.toBeNull());
    click(buttonNamed('Not now'));
    await waitFor(() => expect(byTestId('push-invitation')).toBeNull());
    expect(localStorage.getItem(INVITATION_KEY)).toBe('dismissed');
    view.unmount();
    view = render(<PushInvitation />, { path: '/live' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byTestId('push-invitation')).toBeNull();

    view.unmount();
    localStorage.clear();
    const trial = publicUser('tari');
    stubApi({ 'GET /auth/me': () => ({ user: trial }), 'GET /push/subscriptions': () => ({ subscriptions: [] }) });
    useSessionStore.getState().signIn(loginAs('tari', trial));
    view = render(<PushInvitation />, { path: '/live' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(byTestId('push-invitation')).toBeNull();
  });
});
