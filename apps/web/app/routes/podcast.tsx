import { brand } from '@ipatient/contracts/brand';
import { Podcast } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Podcast',
    description: `The ${brand.siteName} podcast: Voices of Advocacy, Stories of Hope.`,
  });
}

export default function PodcastPage() {
  return (
    <>
      <PageHero
        eyebrow={`The ${brand.siteName} podcast`}
        title="Voices of Advocacy, Stories of Hope"
        lead={<p>Conversations with patients, carers and health workers about care in Nigeria.</p>}
      />
      <PageBody>
        <EmptyState
          title="No episodes yet"
          icon={<Podcast aria-hidden="true" className="h-6 w-6" />}
        >
          <p>Episodes will be listed here, with links to listen on YouTube, Spotify and more.</p>
        </EmptyState>
      </PageBody>
    </>
  );
}
