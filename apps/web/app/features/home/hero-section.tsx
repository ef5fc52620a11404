import { brand, brandText } from '@ipatient/contracts/brand';
import { HandCoins, HeartHandshake, Megaphone } from 'lucide-react';
import { HeartMark } from '../../components/brand/site-logo.tsx';
import { LinkButton } from '../../components/ui/link-button.tsx';

const pillars = [
  {
    icon: Megaphone,
    title: 'Advocacy',
    text: 'Support to raise complaints and follow them through.',
  },
  {
    icon: HandCoins,
    title: 'Medical crowdfunding',
    text: 'Campaigns for bills, medication and emergency care.',
  },
  {
    icon: HeartHandshake,
    title: 'Community',
    text: 'Stories, articles and podcasts from people who have been there.',
  },
] as const;

/**
 * The home page's first screen: the promise, the two ways in and the trust line (from the site
 * content admins edit; none when they leave it blank).
 */
export function HeroSection({ trustLine }: { trustLine: string }) {
  return (
    <section
      aria-labelledby="home-title"
      className="on-dark bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-brand-50"
    >
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:px-6 md:py-24 lg:grid-cols-[1.3fr_1fr] lg:items-center">
        <div>
          {trustLine ? (
            <p className="mb-5 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-white">
              <HeartMark className="h-5 w-5 text-brand-300" />
              {trustLine}
            </p>
          ) : null}
          <h1
            id="home-title"
            className="text-4xl font-extrabold tracking-tight text-white md:text-6xl"
          >
            {brandText('Amplifying {product} Voices in Nigeria')}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-100 md:text-xl">
            {brand.siteName} helps you speak up about your care, get support with complaints and
            raise funds for treatment. Our platform is simple and free.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to="/contact" variant="light">
              Contact Us
            </LinkButton>
            <LinkButton to="/about" variant="outline-light">
              About Us
            </LinkButton>
          </div>
        </div>
        <ul className="grid gap-3">
          {pillars.map((pillar) => (
            <li
              key={pillar.title}
              className="flex gap-4 rounded-2xl bg-white/10 p-4 ring-1 ring-white/15"
            >
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-300 text-brand-950">
                <pillar.icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <span>
                <span className="block font-bold text-white">{pillar.title}</span>
                <span className="block text-sm text-brand-100">{pillar.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
