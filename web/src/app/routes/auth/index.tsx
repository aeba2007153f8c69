import { redirect } from 'react-router';

import { paths } from '@/config/paths';

/** Spec §8: /auth itself and any unknown /auth path go to /auth/404. */
export const loader = () => redirect(paths.auth.notFound.href);
export const clientLoader = loader;

export default function AuthIndex() {
  return null;
}
