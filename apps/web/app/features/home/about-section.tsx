import { brand, brandText } from '@ipatient/contracts/brand';
import type { ReactNode } from 'react';
import { Section, SectionHeading } from '../../components/ui/section.tsx';

/** Who we are, with the yearly timeline (passed in by the route, from the about feature). */
export function AboutSection({ timeline }: { timeline: ReactNode }) {
  return (
    <Section labelledBy="about-title" tone="tint">
      <SectionHeading
        id="about-title"
        eyebrow={`About ${brand.siteName}`}
        title="Our journey so far"
      >
        <p>
          {brandText(
            'We are a community of {product}s, carers and volunteer advocates working for safer, fairer and more respectful healthcare across Nigeria. Here is what we have done together, and where we are going next.',
          )}
        </p>
      </SectionHeading>
      <div className="mt-10">{timeline}</div>
    </Section>
  );
}
