import { paths } from '@/config/paths';

/** Where one member is shown: /manage-membership with its members searched by that username. */
export const memberHref = (username: string): string => `${paths.manageMembership.href}?${new URLSearchParams({ q: username }).toString()}`;
