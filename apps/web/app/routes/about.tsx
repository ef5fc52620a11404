import { brand, brandText } from '@ipatient/contracts/brand';
import { defaultSiteContent } from '@ipatient/contracts/site-content';
import { HandCoins, HeartHandshake, Megaphone } from 'lucide-react';
import { LinkButton } from '../components/ui/link-button.tsx';
import { Section, SectionHeading } from '../components/ui/section.tsx';
import { Timeline } from '../features/about/timeline.tsx';
import { splitAboutUs } from '../features/pages/about-content.ts';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadSiteDocuments } from '../lib/site-docs.server.ts';
import type { Route } from './+types/about';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'About us',
    description: brandText(
      'Our story: a Nigerian community amplifying {product} voices through advocacy, complaints support and medical crowdfunding.',
    ),
  });
}

/**
 * 'Our Story' and 'What we do' as published in the website documents (sanitized HTML), or null
 * for our own text; the timeline from the site content admins edit.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const documents = await loadSiteDocuments(context);
  const { story, whatWeDo } = splitAboutUs(documents?.aboutUs ?? '');
  const timeline = (documents?.siteContent ?? defaultSiteContent).timeline;
  return { aboutUs: story || null, whatWeDo, timeline };
}

const work = [
  {
    icon: Megaphone,
    title: 'Advocacy and complaints',
    text: brandText(
      'We guide {product}s through raising a complaint, from a quiet word on the ward to a formal review, and our volunteer advocates stand with them.',
    ),
  },
  {
    icon: HandCoins,
    title: 'Green-Heart crowdfunding',
    text: 'People facing hospital bills, medication costs or emergency surgery raise funds from a community that checks and supports every campaign.',
  },
  {
    icon: HeartHandshake,
    title: 'Community and learning',
    text: brandText(
      'Articles, podcasts and stories help {product}s understand their rights and make informed choices about their care.',
    ),
  },
] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { aboutUs, whatWeDo, timeline } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={`About ${brand.siteName}`}
        title="Our Story"
        lead={
          aboutUs ? (
            <div
              className="prose-content text-lg"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: website documents are written by admins and sanitized with an allow-list when stored
              dangerouslySetInnerHTML={{ __html: aboutUs }}
            />
          ) : (
            <p>
              {brandText(
                '{product}s in Nigeria too often go unheard: bills they cannot meet, complaints that go nowhere, rights nobody explained. i{product} began in 2023 to change that, clinic by clinic and story by story.',
              )}
            </p>
          )
        }
      >
        <LinkButton to="/contact">Contact Us</LinkButton>
      </PageHero>
      <Section labelledBy="what-we-do-title">
        <SectionHeading id="what-we-do-title" eyebrow="Our work" title="What we do">
          {whatWeDo ? (
            <div
              className="prose-content"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: website documents are written by admins and sanitized with an allow-list when stored
              dangerouslySetInnerHTML={{ __html: whatWeDo }}
            />
          ) : (
            <p>
              {brandText(
                'We amplify {product} voices. Our platform is simple and free, and it brings three things together:',
              )}
            </p>
          )}
        </SectionHeading>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {work.map((item) => (
            <li key={item.title} className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
              <item.icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
              <h3 className="mt-4 text-lg font-bold text-slate-900">{item.title}</h3>
              <p className="mt-2 text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section labelledBy="journey-title" tone="tint">
        <SectionHeading id="journey-title" eyebrow="Milestones" title="Our journey so far" />
        <div className="mt-8">
          <Timeline timeline={timeline} />
        </div>
      </Section>
    </>
  );
}
