import { Outlet } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';

/** The sign-in area (spec §2: /auth/...). */
export default function AuthArea() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
