/**
 * For component tests that sign someone in. Apart from test-render so that only these tests load the session store
 * (it reads the stored session as it is created).
 */
import type { PublicUser } from '@le/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, vi } from 'vitest';

import { useSessionStore } from '@/stores/session-store';
import { signInWith } from './session-user';
import { loginAs } from './test-fixtures';
import { render, stubApi } from './test-render';

/**
 * `user` signed in as a login would leave them, with the API's /auth/me (and any `routes` given) answering. With the
 * screen's `client`, the user is in its cache at once, as after a sign-in; without, the screen starts from the user the
 * browser saved, as after a load.
 */
export function signedInAs(user: PublicUser, routes: Parameters<typeof stubApi>[0] = {}, client?: QueryClient) {
  const calls = stubApi({ 'GET /auth/me': () => ({ user }), ...routes });
  if (client) signInWith(client, loginAs(user.username, user));
  else useSessionStore.getState().signIn(loginAs(user.username, user));
  return calls;
}

/**
 * Call in a describe: its tests mount their screen with the returned `mount` (as `render`; a second mount replaces the
 * first), and after each test the screen goes, the session is signed out and the stubbed globals (fetch) are put back.
 */
export function mountPerTest() {
  let unmountLast: (() => void) | null = null;
  afterEach(() => {
    unmountLast?.();
    unmountLast = null;
    useSessionStore.getState().clear();
    vi.unstubAllGlobals();
  });
  return (...args: Parameters<typeof render>) => {
    unmountLast?.();
    const view = render(...args);
    let mounted = true;
    // A test may unmount by itself (to mount again, or to see what unmounting does): then the clean-up has nothing to do.
    const unmount = () => {
      if (!mounted) return;
      mounted = false;
      view.unmount();
    };
    unmountLast = unmount;
    return { ...view, unmount };
  };
}
