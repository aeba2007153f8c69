import type { ReactNode } from 'react';

import { BenefitsSection } from './benefits-section';
import { HeroSection } from './hero-section';
import { NoSkillsSection } from './no-skills-section';
import { PromoSection } from './promo-section';
import { TechnologySection } from './technology-section';

/** The landing page; `feed` is the live buy/sell feed the route brings (the signals feature's). */
export function HomePage({ feed }: { feed?: ReactNode }) {
  return (
    <>
      <HeroSection />
      <TechnologySection />
      <NoSkillsSection />
      <BenefitsSection feed={feed} />
      <PromoSection />
    </>
  );
}
