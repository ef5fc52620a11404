import { playerProvider } from './player-provider.ts';

/**
 * What stands in for an embedded player until the person allows it: who provides it, why it is
 * not loaded, and three ways on (load it for this page, open it on the provider's site, or
 * change the cookie choice). Plain links: it works without JavaScript.
 */
export function PlayerPlaceholder({
  id,
  src,
  loadHref,
  openHref,
}: {
  id: string;
  /** The player's address: it names the provider. */
  src: string;
  /** This page with its players loaded. */
  loadHref: string;
  /** The episode on the provider's own site. */
  openHref: string;
}) {
  const provider = playerProvider(src);
  return (
    <section
      id={id}
      aria-label={`Player from ${provider}`}
      className="rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800"
    >
      <p>
        This player comes from {provider}, which sets its own cookies. It is not loaded, as you have
        not allowed functional cookies.
      </p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
        <a href={loadHref} className="font-semibold text-brand-800 underline">
          Load the player
        </a>
        <a
          href={openHref}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand-800 underline"
        >
          Open on {provider}
        </a>
        <a href="/cookie-policy#cookie-settings" className="text-brand-800 underline">
          Cookie settings
        </a>
      </p>
    </section>
  );
}
