import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { AdminSignalsPanel } from '@/features/signals/components/admin/admin-signals-panel';

export function AdminDashboardRoute() {
  return (
    <AdminDashboardPage>
      <AdminSignalsPanel />
    </AdminDashboardPage>
  );
}
