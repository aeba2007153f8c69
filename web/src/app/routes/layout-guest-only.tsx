import { Outlet } from 'react-router';

import { RequireGuest } from '@/app/route-guards';

/** The sign-in screens for visitors without a session (spec §2: unauthenticated guard). */
export default function GuestOnly() {
  return (
    <RequireGuest>
      <Outlet />
    </RequireGuest>
  );
}
