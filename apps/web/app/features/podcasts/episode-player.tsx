import { channelEmbed, type TPodcastEpisode } from '@ipatient/contracts/podcasts';

/**
 * The player of an episode's first channel: the provider's own player in an iframe (YouTube by
 * its no-cookie host) or an `<audio>` element for a direct file. Only `channelEmbed` turns a link
 * into an iframe, so a stored link can never embed an arbitrary page.
 */
export function EpisodePlayer({
  episode,
}: {
  episode: Pick<TPodcastEpisode, 'title' | 'channels'>;
}) {
  const first = episode.channels[0];
  const embed = first ? channelEmbed(first) : undefined;
  if (!embed) return null;
  if (embed.kind === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a podcast's audio; its description is on the page
      <audio
        controls
        preload="none"
        src={embed.src}
        className="w-full"
        aria-label={`Play ${episode.title}`}
      >
        <a href={embed.src}>Download the episode</a>
      </audio>
    );
  }
  return (
    <iframe
      title={`Player: ${episode.title}`}
      src={embed.src}
      width="100%"
      height={embed.height}
      loading="lazy"
      allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      className="w-full rounded-xl border-0 bg-slate-100"
    />
  );
}
