import { brand } from '@ipatient/contracts/brand';
import { Pause, Play } from 'lucide-react';
import { InlineScript } from '../../components/inline-script.tsx';
import { waveScript } from './wave-enhance.ts';

const bars = 28;

// Drawn by CSS alone: a looping sound wave stands in for the featured video (there is no video
// file, and a silent decorative loop is what the hero's muted video was). The button pauses it
// for real by pausing the CSS animation.
const waveCss = `
@keyframes podcast-wave { 0%, 100% { transform: scaleY(0.25); } 50% { transform: scaleY(1); } }
.podcast-wave-bar { animation: podcast-wave 1.4s ease-in-out infinite; transform-origin: 50% 50%; transform: scaleY(0.6); }
[data-wave][data-state='paused'] .podcast-wave-bar { animation-play-state: paused; }
@media (prefers-reduced-motion: reduce) {
  [data-wave]:not([data-state='playing']) .podcast-wave-bar { animation-play-state: paused; }
}
`;

/** The podcast page's top band: its h1 and the looping sound-wave visual with play/pause. */
export function PodcastHero() {
  return (
    <section aria-labelledby="page-title" className="border-b border-brand-100 bg-brand-50">
      <style href="podcast-wave" precedence="medium">
        {waveCss}
      </style>
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:px-6 md:py-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            The {brand.siteName} podcast
          </p>
          <h1
            id="page-title"
            className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-5xl"
          >
            Voices of Advocacy, Stories of Hope
          </h1>
          <p className="mt-4 text-lg text-slate-700">
            Conversations with patients, carers and health workers about care in Nigeria. Listen on
            YouTube, Spotify, Apple Podcasts or right here.
          </p>
        </div>
        <div
          data-wave=""
          className="group relative overflow-hidden rounded-3xl bg-brand-900 px-6 py-10 shadow-lg"
        >
          <div aria-hidden="true" className="flex h-40 items-center justify-center gap-1.5">
            {Array.from({ length: bars }, (_, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of identical bars
                key={index}
                className="podcast-wave-bar block h-full w-1.5 rounded-full bg-brand-300"
                style={{
                  animationDelay: `${-((index * 137) % 1400)}ms`,
                  height: `${40 + ((index * 53) % 60)}%`,
                }}
              />
            ))}
          </div>
          <button
            type="button"
            hidden
            data-wave-toggle=""
            aria-pressed="false"
            aria-label="Pause the animation"
            className="absolute right-4 bottom-4 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-brand-900 shadow hover:bg-brand-50"
          >
            <Pause aria-hidden="true" className="h-5 w-5 group-data-[state=paused]:hidden" />
            <Play aria-hidden="true" className="hidden h-5 w-5 group-data-[state=paused]:block" />
          </button>
        </div>
        <InlineScript code={waveScript} />
      </div>
    </section>
  );
}
