import type { ReactNode } from 'react';

import { viewerActionFor } from '@/lib/viewer-action';

import { BenefitsSection } from './benefits-section';
import { HeroSection } from './hero-section';
import { NoSkillsSection } from './no-skills-section';
import { PromoSection } from './promo-section';
import { TechnologySection } from './technology-section';
import { useSessionUser } from '@/lib/session-user';

/**
 * The landing page; `feed` is the live buy/sell feed the route brings (the signals feature's),
 * `pendingPayment` whether the signed-in viewer's payment waits for an admin (the membership's).
 * A signed-in viewer is offered their next step, never sign-up.
 */
export function HomePage({ feed, pendingPayment = false }: { feed?: ReactNode; pendingPayment?: boolean }) {
  const user = useSessionUser();
  const action = viewerActionFor(user, { pendingPayment });
  return (
    <>
      <HeroSection action={action} />
      <TechnologySection />
      <NoSkillsSection />
      <BenefitsSection feed={feed} />
      <PromoSection action={action} />
    </>
  );
}
