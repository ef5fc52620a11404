import { Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Section, SectionHeading } from '../../components/ui/section.tsx';
import { ListSectionHeader } from './list-section-header.tsx';

interface BlogSectionProps<Post extends { _id: string }> {
  /** The latest published posts (`fetchHomePosts`): three at most. */
  posts: readonly Post[];
  /** A post's card (the home page passes the blog's, without its excerpt). */
  renderPost: (post: Post) => ReactNode;
}

/** 'Latest Blog Posts': the three newest posts, titles cut to 70 characters. */
export function BlogSection<Post extends { _id: string }>({
  posts,
  renderPost,
}: BlogSectionProps<Post>) {
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
        {posts.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post._id}>{renderPost(post)}</li>
            ))}
          </ul>
        ) : (
          <EmptyState
            title="No blog posts yet"
            icon={<Newspaper aria-hidden="true" className="h-6 w-6" />}
          >
            <p>Our first articles are being written. New posts will show up here.</p>
          </EmptyState>
        )}
      </div>
    </Section>
  );
}
