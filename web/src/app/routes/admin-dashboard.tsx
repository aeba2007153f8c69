import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { AdminSignalsPanel } from '@/features/signals/components/admin/admin-signals-panel';

export default function AdminDashboardRoute() {
  return (
    <AdminDashboardPage>
      <AdminSignalsPanel />
    </AdminDashboardPage>
  );
}
