import { Play } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { EpisodeImage } from './episode-image.tsx';
import { EpisodeMeta } from './episode-meta.tsx';
import { episodePath, type PodcastListItem } from './podcast-text.ts';
import { SourceIcons } from './source-icons.tsx';

interface EpisodeCardProps {
  episode: PodcastListItem;
  /** The heading level of the title in its page. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  imageSizes: string;
  /** 'row' puts the artwork beside the text from small screens up (the home page's two). */
  layout?: 'column' | 'row';
}

/** An episode in a list: artwork, number, title, date, duration, excerpt, channels, Play Episode. */
export function EpisodeCard({
  episode,
  headingLevel = 'h3',
  imageSizes,
  layout = 'column',
}: EpisodeCardProps) {
  const row = layout === 'row';
  const Heading = headingLevel;
  const titleId = `episode-${episode._id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm ${row ? 'sm:flex-row' : ''}`}
    >
      <EpisodeImage
        episode={episode}
        alt=""
        sizes={imageSizes}
        className={row ? 'w-full sm:w-2/5 sm:shrink-0 sm:self-start' : 'w-full'}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="text-sm font-semibold text-brand-700">
          Episode {episode.number}
          {episode.categoryName ? ` · ${episode.categoryName}` : ''}
        </p>
        <Heading id={titleId} className="text-lg font-bold text-slate-900">
          {episode.title}
        </Heading>
        <EpisodeMeta releaseDate={episode.releaseDate} duration={episode.duration} />
        <p className="text-slate-700" data-episode-excerpt="">
          {episode.excerpt}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
          <Link
            to={episodePath(episode._id)}
            className={buttonClass('primary')}
            aria-describedby={titleId}
          >
            <Play aria-hidden="true" className="h-4 w-4" />
            Play Episode
          </Link>
          <SourceIcons sources={episode.sources} />
        </div>
      </div>
    </article>
  );
}
