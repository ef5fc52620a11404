import { brand } from '@ipatient/contracts/brand';
import { formatDate } from '@ipatient/contracts/format';
import { ArrowLeft } from 'lucide-react';
import { data, Link, type MetaDescriptor } from 'react-router';
import { PageLoadError } from '../features/stories/page-load-error.tsx';
import { findStory } from '../features/stories/stories-data.ts';
import { storyPath } from '../features/stories/story-card.tsx';
import { storyImageBox, storyImageUrl } from '../features/stories/story-image.ts';
import { StoryShare } from '../features/stories/story-share.tsx';
import { getPublicUrl } from '../lib/api-context.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/story';

// Server-rendered HTML: share links are plain links and Copy link is a tiny inline script
// (features/stories/copy-link-enhance.ts), so the page needs no React in the browser.
export const handle = staticPage;

export function loader({ params, context }: Route.LoaderArgs) {
  const story = findStory(params.id);
  if (!story) throw data(null, { status: 404 });
  return { story, url: `${getPublicUrl(context)}${storyPath(story.id)}` };
}

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) {
    return pageMeta({
      title: 'Story not found',
      description: 'This story could not be found.',
    });
  }
  const { story, url } = loaderData;
  return [
    ...pageMeta({ title: story.title, description: story.excerpt }),
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'article' },
    { property: 'og:url', content: url },
  ];
}

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  const { story, url } = loaderData;
  const image = storyImageUrl(story.image);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:px-6 md:py-14">
      <Link
        to="/stories"
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        All stories
      </Link>
      <header className="mt-4">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{story.role}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">
          {story.title}
        </h1>
        <p className="mt-3 text-slate-700">
          Shared by <span className="font-semibold text-slate-900">{story.author}</span> on{' '}
          <time dateTime={story.date}>{formatDate(story.date)}</time>
        </p>
      </header>
      {image ? (
        <img
          src={image}
          alt=""
          width={storyImageBox.width}
          height={storyImageBox.height}
          fetchPriority="high"
          className="mt-8 aspect-[8/5] w-full rounded-2xl object-cover"
        />
      ) : null}
      <div className="mt-8 space-y-5 text-lg leading-relaxed text-slate-800">
        {story.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
      <p className="mt-8 rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
        This is a personal story, not medical advice. Please talk to a health worker about your own
        care.
      </p>
      <div className="mt-10">
        <StoryShare url={url} text={`"${story.title}": a story shared on ${brand.siteName}.`} />
      </div>
    </article>
  );
}

/** Unknown ids get the site's not-found page (with status 404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageLoadError error={error} />;
}
