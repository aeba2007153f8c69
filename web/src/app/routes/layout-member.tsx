import { Outlet } from 'react-router';

import { PageSpinner } from '@/components/ui/page-spinner';
import { AppShell } from '@/app/layouts';
import { RequireAuth } from '@/app/route-guards';

// The session lives in the browser (spec §3: localStorage), so the server draws a spinner here and
// the pages render once hydrated, for the reader they are.
export const clientLoader = async () => null;
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <PageSpinner />;
}

/** The member's pages (spec §2: logged-in guard). */
export default function MemberLayout() {
  return (
    <RequireAuth>
      <AppShell>
        <Outlet />
      </AppShell>
    </RequireAuth>
  );
}
