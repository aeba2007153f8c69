import { Outlet } from 'react-router';

import { PublicShell } from '@/app/layouts';

/** One element for every render: the page's hydration part is not drawn again by the layout's renders. */
const PAGE = <Outlet />;

/** The public pages: drawn on the server with what their loaders read, live once hydrated. */
export default function PublicLayout() {
  return <PublicShell>{PAGE}</PublicShell>;
}
