import { Outlet } from 'react-router';

import { PublicShell } from '@/app/layouts';

/** The public pages: drawn on the server with what their loaders read, live once hydrated. */
export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
