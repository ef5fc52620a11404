import { errorTexts } from '@ipatient/contracts/errors';
import { Podcast } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Section, SectionHeading } from '../../components/ui/section.tsx';
import { ListSectionHeader } from './list-section-header.tsx';

interface PodcastSectionProps<Episode extends { _id: string }> {
  /**
   * The latest episodes (`fetchHomeEpisodes`: 2, summaries cut to 100 characters), or null when
   * the API could not answer. Until the home loader passes them the section shows its empty state.
   */
  episodes: readonly Episode[] | null;
  /** An episode's card: a row with an h4 heading, its image for the slot `imageSizes` describes. */
  renderEpisode: (episode: Episode, imageSizes: string) => ReactNode;
}

/** 'Stay Informed, Stay Healthy': the latest podcast episodes. */
export function PodcastSection<Episode extends { _id: string }>({
  episodes,
  renderEpisode,
}: PodcastSectionProps<Episode>) {
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
        {episodes === null ? (
          <FormAlert message={errorTexts.fetchPodcasts} />
        ) : episodes.length > 0 ? (
          <ul className="grid gap-6 lg:grid-cols-2">
            {episodes.map((episode) => (
              <li key={episode._id}>
                {renderEpisode(
                  episode,
                  '(min-width: 1152px) 220px, (min-width: 768px) 20vw, (min-width: 640px) 40vw, 100vw',
                )}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            title="No episodes yet"
            icon={<Podcast aria-hidden="true" className="h-6 w-6" />}
          >
            <p>New episodes will be listed here as soon as they are published.</p>
          </EmptyState>
        )}
      </div>
    </Section>
  );
}
