import { Podcast } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Section, SectionHeading } from '../../components/ui/section.tsx';
import { ListSectionHeader } from './list-section-header.tsx';

/** The latest podcast episodes; the first two arrive with the podcast issue. */
export function PodcastSection() {
  return (
    <Section labelledBy="podcast-title">
      <ListSectionHeader
        heading={
          <SectionHeading id="podcast-title" eyebrow="Podcast" title="Stay Informed, Stay Healthy">
            <p>Conversations with patients, carers and health workers about care in Nigeria.</p>
          </SectionHeading>
        }
        linkTo="/podcast"
        linkText="All episodes"
      />
      <h3 className="mt-10 text-lg font-bold text-slate-900">Latest Episodes</h3>
      <div className="mt-4">
        <EmptyState
          title="No episodes yet"
          icon={<Podcast aria-hidden="true" className="h-6 w-6" />}
        >
          <p>New episodes will be listed here as soon as they are published.</p>
        </EmptyState>
      </div>
    </Section>
  );
}
