import type { Role } from '@le/contracts';

import { paths } from '@/config/paths';

export interface NavItem {
  label: string;
  href: string;
}

/** Top bar links of spec §2 and Signals (contract §8): five public links, Dashboard for admins, Membership for trial and member. */
export const navItemsFor = (role: Role | null | undefined): NavItem[] => {
  const items: NavItem[] = [
    { label: 'Home', href: paths.home.href },
    { label: 'History', href: paths.history.href },
    { label: 'Live', href: paths.live.href },
    { label: 'Signals', href: paths.signals.href },
    { label: 'FAQ Chat', href: paths.faqChat.href },
  ];
  if (role === 'admin') items.push({ label: 'Dashboard', href: paths.adminDashboard.href });
  if (role === 'trial' || role === 'member') items.push({ label: 'Membership', href: paths.dashboardMember.href });
  return items;
};
