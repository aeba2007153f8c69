import type { ReactNode } from 'react';

import { AppLayout, PublicLayout } from '@/components/layouts/main-layout';
import { usePendingPayment } from './use-pending-payment';

/** The public layout with what the app knows of the viewer's payments (the top bar's next step). */
export function PublicShell({ children }: { children: ReactNode }) {
  return <PublicLayout pendingPayment={usePendingPayment()}>{children}</PublicLayout>;
}

/** The signed-in routes' layout, likewise. */
export function AppShell({ children }: { children: ReactNode }) {
  return <AppLayout pendingPayment={usePendingPayment()}>{children}</AppLayout>;
}
