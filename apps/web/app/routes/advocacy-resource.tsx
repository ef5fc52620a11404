import { brand } from '@ipatient/contracts/brand';
import { ArrowLeft } from 'lucide-react';
import { data, isRouteErrorResponse, Link, type MetaDescriptor } from 'react-router';
import { NotFoundView } from '../components/errors/not-found-view.tsx';
import { complaintFormPath, complaintsTabPath } from '../features/complaints/complaint-text.ts';
import { findGuide } from '../features/complaints/guides.ts';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/advocacy-resource';

// A written guide: plain HTML, no React in the browser.
export const handle = staticPage;

export function loader({ params }: Route.LoaderArgs) {
  const guide = findGuide(params.slug);
  if (!guide) throw data(null, { status: 404 });
  return { guide };
}

export function meta({ loaderData, error }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) {
    return pageMeta({
      title: isRouteErrorResponse(error) && error.status === 404 ? 'Guide not found' : 'Guide',
      description: 'This guide could not be shown.',
    });
  }
  return pageMeta({ title: loaderData.guide.title, description: loaderData.guide.summary });
}

export default function AdvocacyResource({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData;
  return (
    <>
      <PageHero
        eyebrow={`Patients' rights guide · ${guide.minutes} min read`}
        title={guide.title}
        lead={<p>{guide.summary}</p>}
      />
      <article className="mx-auto max-w-3xl px-4 py-12 md:px-6 md:py-16 print:py-4">
        <nav aria-label="Guide contents" className="mb-10 rounded-2xl bg-brand-50 p-5 print:hidden">
          <h2 className="font-bold text-slate-900">In this guide</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            {guide.sections.map((section, index) => (
              <li key={section.heading}>
                <a href={`#section-${index + 1}`} className="text-brand-800 underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10 text-lg leading-relaxed text-slate-800">
          {guide.sections.map((section, index) => (
            <section
              key={section.heading}
              id={`section-${index + 1}`}
              aria-labelledby={`section-${index + 1}-title`}
              className="scroll-mt-24 break-inside-avoid-page"
            >
              <h2
                id={`section-${index + 1}-title`}
                className="text-2xl font-extrabold tracking-tight text-slate-900"
              >
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
        </div>
        <footer className="mt-12 space-y-3 border-t border-slate-200 pt-6 text-slate-700">
          <p>
            This guide is general information from {brand.siteName}, not legal advice. If your care
            went wrong, you can{' '}
            <Link to={complaintFormPath} className="font-semibold text-brand-800 underline">
              send us a complaint
            </Link>{' '}
            and an advocate will follow it through.
          </p>
          <p className="print:hidden">
            <Link
              to={complaintsTabPath}
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              Back to your advocacy resources
            </Link>
          </p>
        </footer>
      </article>
    </>
  );
}

export function ErrorBoundary() {
  return <NotFoundView />;
}
