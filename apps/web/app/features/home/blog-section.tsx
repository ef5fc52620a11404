import { Newspaper } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Section, SectionHeading } from '../../components/ui/section.tsx';
import { ListSectionHeader } from './list-section-header.tsx';

/** The latest articles; the first three posts arrive with the blog issue. */
export function BlogSection() {
  return (
    <Section labelledBy="blog-title" tone="tint">
      <ListSectionHeader
        heading={
          <SectionHeading id="blog-title" eyebrow="Blog" title="Latest Blog Posts">
            <p>News, guides and stories to help you get the care you deserve.</p>
          </SectionHeading>
        }
        linkTo="/blog"
        linkText="Read the blog"
      />
      <div className="mt-10">
        <EmptyState
          title="No blog posts yet"
          icon={<Newspaper aria-hidden="true" className="h-6 w-6" />}
        >
          <p>Our first articles are being written. New posts will show up here.</p>
        </EmptyState>
      </div>
    </Section>
  );
}
