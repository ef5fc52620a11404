import { brand } from '@ipatient/contracts/brand';
import type { TPodcastEpisode } from '@ipatient/contracts/podcasts';
import type { TSocialMedia } from '@ipatient/contracts/site-docs';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EpisodeImage } from './episode-image.tsx';
import { EpisodeMeta } from './episode-meta.tsx';
import { EpisodePlayer } from './episode-player.tsx';
import { listenLabel } from './podcast-text.ts';
import { SourceMark } from './source-icons.tsx';

const socialNames: Record<keyof TSocialMedia, string> = {
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

interface EpisodeViewProps {
  episode: TPodcastEpisode;
  /** Whether the provider's player may load (functional cookies), else where to load it. */
  players: Parameters<typeof EpisodePlayer>[0]['players'];
  socialMedia: TSocialMedia;
}

/** One episode: artwork, facts, the player, every channel, the description and who made it. */
export function EpisodeView({ episode, socialMedia, players }: EpisodeViewProps) {
  const social = (Object.keys(socialNames) as (keyof TSocialMedia)[]).flatMap((network) => {
    const href = socialMedia[network];
    return href ? [{ network, href, name: socialNames[network] }] : [];
  });
  return (
    <article aria-labelledby="page-title">
      <div className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:px-6 md:py-14">
          <EpisodeImage
            episode={episode}
            alt=""
            sizes="(min-width: 1152px) 370px, (min-width: 768px) 33vw, 100vw"
            priority
            className="w-full max-w-sm rounded-2xl"
          />
          <div className="min-w-0">
            <Link
              to="/podcast"
              className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              All episodes
            </Link>
            <p className="mt-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Episode {episode.number}
              {episode.category ? ` · ${episode.category.name}` : ''}
            </p>
            <h1
              id="page-title"
              className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl"
            >
              {episode.title}
            </h1>
            <EpisodeMeta
              releaseDate={episode.releaseDate}
              duration={episode.duration}
              className="mt-4 text-base"
            />
            <p className="mt-2 text-slate-700">
              Produced by <span className="font-semibold text-slate-900">{episode.producedBy}</span>
            </p>
            <section aria-label="Player" className="mt-6">
              <EpisodePlayer episode={episode} players={players} />
            </section>
            {episode.channels.length > 0 ? (
              <ul aria-label="Listen elsewhere" className="mt-4 flex flex-wrap gap-2">
                {episode.channels.map((channel) => (
                  <li key={channel.link}>
                    <a
                      href={channel.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-brand-50"
                    >
                      <SourceMark source={channel.source} />
                      {listenLabel(channel.source)}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-12 md:px-6 md:py-16">
        <section aria-labelledby="about-episode-title">
          <h2 id="about-episode-title" className="text-2xl font-extrabold text-slate-900">
            About this episode
          </h2>
          <div
            className="prose-content mt-4"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: episode summaries are written by admins and sanitized with an allow-list when stored
            dangerouslySetInnerHTML={{ __html: episode.summary }}
          />
        </section>
        <aside
          aria-labelledby="follow-title"
          className="rounded-2xl bg-brand-900 p-6 text-brand-50 md:p-8"
        >
          <h2 id="follow-title" className="text-xl font-bold text-white">
            Never miss an episode
          </h2>
          <p className="mt-2 max-w-2xl">
            New conversations about care in Nigeria every month. Share this episode with someone who
            needs it{social.length > 0 ? `, and follow ${brand.siteName} for the next one.` : '.'}
          </p>
          {social.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
              {social.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center font-semibold text-white underline underline-offset-4"
                  >
                    {link.name}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </aside>
      </div>
    </article>
  );
}
