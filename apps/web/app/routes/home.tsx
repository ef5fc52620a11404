import { brandText } from '@ipatient/contracts/brand';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Section } from '../components/ui/section.tsx';
import { Timeline } from '../features/about/timeline.tsx';
import { ComplaintGuide } from '../features/complaints/complaint-guide.tsx';
import { AboutSection } from '../features/home/about-section.tsx';
import { BlogSection } from '../features/home/blog-section.tsx';
import { CampaignsSection } from '../features/home/campaigns-section.tsx';
import { CtaSection } from '../features/home/cta-section.tsx';
import { FaqSection } from '../features/home/faq-section.tsx';
import { HeroSection } from '../features/home/hero-section.tsx';
import { PodcastSection } from '../features/home/podcast-section.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: brandText('Amplifying {product} Voices in Nigeria'),
    description: brandText(
      'Amplifying {product} Voices in Nigeria: complaint support, advocacy and Green-Heart medical crowdfunding campaigns. Simple and free.',
    ),
  });
}

export default function Home() {
  return (
    <>
      <HeroSection />
      <AboutSection timeline={<Timeline />} />
      <CampaignsSection />
      <BlogSection />
      <PodcastSection />
      <Section labelledBy="complaint-guide-title" tone="tint">
        <ComplaintGuide
          variant="home"
          action={<LinkButton to="/advocacy">Submit your Complaint</LinkButton>}
        />
      </Section>
      <CtaSection />
      <FaqSection />
    </>
  );
}
