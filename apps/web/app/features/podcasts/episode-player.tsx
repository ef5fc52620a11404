import { channelEmbed, type TPodcastEpisode } from '@ipatient/contracts/podcasts';
import { PlayerPlaceholder } from '../../components/media/player-placeholder.tsx';

/**
 * The player of an episode's first channel: the provider's own player in an iframe (YouTube by
 * its no-cookie host), only once functional cookies are allowed (a placeholder until then), or
 * an `<audio>` element for a direct file. Only `channelEmbed` turns a link
 * into an iframe, so a stored link can never embed an arbitrary page.
 */
export function EpisodePlayer({
  episode,
  players,
}: {
  episode: Pick<TPodcastEpisode, 'title' | 'channels'>;
  /** Whether players that set cookies may load; else where "Load the player" leads. */
  players: { allowed: true } | { allowed: false; loadHref: string };
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
  if (!players.allowed) {
    return (
      <PlayerPlaceholder
        id="player"
        src={embed.src}
        loadHref={players.loadHref}
        openHref={first?.link ?? embed.src}
      />
    );
  }
  return (
    <iframe
      id="player"
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
