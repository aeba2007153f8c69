import { Outlet } from 'react-router';

import { PageSpinner } from '@/components/ui/page-spinner';
import { AppShell } from '@/app/layouts';
import { RequireAdmin } from '@/app/route-guards';

// As the member's pages: rendered in the browser, where the session is.
export const clientLoader = async () => null;
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageSpinner />;
}

/** The admin's pages (spec §2: admin guard). */
export default function AdminLayout() {
  return (
    <RequireAdmin>
      <AppShell>
        <Outlet />
      </AppShell>
    </RequireAdmin>
  );
}
