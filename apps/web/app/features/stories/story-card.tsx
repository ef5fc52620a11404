import { formatDate } from '@ipatient/contracts/format';
import { Link } from 'react-router';
import type { Story } from './stories-data.ts';
import { storyImageBox, storyImageUrl } from './story-image.ts';

export function storyPath(id: string): string {
  return `/stories/${encodeURIComponent(id)}`;
}

/** One story in the list: the whole card is one link, named by the story's title. */
export function StoryCard({ story }: { story: Story }) {
  const image = storyImageUrl(story.image);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      {image ? (
        <img
          src={image}
          alt=""
          width={storyImageBox.width}
          height={storyImageBox.height}
          loading="lazy"
          decoding="async"
          className="aspect-[8/5] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm font-medium text-brand-800">{story.role}</p>
        <h3 className="mt-1 text-lg font-bold text-slate-900">
          <Link
            to={storyPath(story.id)}
            className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline hover:underline"
          >
            {story.title}
          </Link>
        </h3>
        <p className="mt-2 flex-1 text-slate-700">{story.excerpt}</p>
        <p className="mt-4 text-sm text-slate-600">
          {story.author} · <time dateTime={story.date}>{formatDate(story.date)}</time>
        </p>
      </div>
    </article>
  );
}
