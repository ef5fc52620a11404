import { Newspaper } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Blog',
    description: 'Latest news, articles and relevant updates.',
  });
}

export default function Blog() {
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Our Latest Articles and Blog Posts"
        lead={<p>Latest news, articles and relevant updates.</p>}
      />
      <PageBody>
        <EmptyState
          title="No blog posts yet"
          icon={<Newspaper aria-hidden="true" className="h-6 w-6" />}
        >
          <p>Our first articles are being written. They will be listed here by category.</p>
        </EmptyState>
      </PageBody>
    </>
  );
}
