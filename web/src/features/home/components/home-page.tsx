import { BenefitsSection } from './benefits-section';
import { HeroSection } from './hero-section';
import { NoSkillsSection } from './no-skills-section';
import { PromoSection } from './promo-section';
import { TechnologySection } from './technology-section';

export function HomePage() {
  return (
    <>
      <HeroSection />
      <TechnologySection />
      <NoSkillsSection />
      <BenefitsSection />
      <PromoSection />
    </>
  );
}
