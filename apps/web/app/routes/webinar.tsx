import { errorTexts } from '@ipatient/contracts/errors';
import { findWebinar, formatWebinarTime } from '@ipatient/contracts/webinars';
import { ArrowLeft, CalendarDays, Clock } from 'lucide-react';
import { data, Link, type MetaDescriptor } from 'react-router';
import { PageLoadError } from '../features/stories/page-load-error.tsx';
import {
  type RegistrationDone,
  RegistrationForm,
  registrationFields,
} from '../features/webinars/registration-form.tsx';
import { webinarImageBox, webinarImageUrl } from '../features/webinars/webinar-image.ts';
import { webinarFormatLabel, webinarPath } from '../features/webinars/webinar-text.ts';
import { getApi, getPublicUrl } from '../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formText,
  readFormData,
} from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/webinar';

// The form is a plain post to this route's action; the page needs no React in the browser.
export const handle = staticPage;

export function loader({ params, context }: Route.LoaderArgs) {
  const webinar = findWebinar(params.id);
  if (!webinar) throw data(null, { status: 404 });
  return { webinar, url: `${getPublicUrl(context)}${webinarPath(webinar.id)}` };
}

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  if (!loaderData) {
    return pageMeta({
      title: 'Webinar not found',
      description: 'This webinar could not be found.',
    });
  }
  const { webinar, url } = loaderData;
  return [
    ...pageMeta({ title: webinar.title, description: webinar.subtitle }),
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}

/** POST /webinars/{id}/registrations; a confirmation, or the form again with the server's errors. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const webinar = findWebinar(params.id);
  if (!webinar) throw data(null, { status: 404 });
  const form = await readFormData(request);
  const body = {
    firstName: formText(form, 'firstName'),
    lastName: formText(form, 'lastName'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
  };
  const response = await getApi(context, form).webinars.register({
    params: { id: webinar.id },
    body,
  });
  if (!response.ok) {
    return actionFailure(response, errorTexts.default, {
      values: echoValues(form, registrationFields),
    });
  }
  const done: RegistrationDone = {
    ok: true,
    message: apiMessage(response.body),
    alreadyRegistered: response.status === 200,
    email: formText(form, 'email').trim(),
  };
  return done;
}

export default function WebinarPage({ loaderData, actionData }: Route.ComponentProps) {
  const { webinar } = loaderData;
  const image = webinarImageUrl(webinar.image);
  return (
    <>
      <section aria-labelledby="page-title" className="border-b border-brand-100 bg-brand-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:px-6 md:py-14 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
          <div>
            <Link
              to="/webinars"
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              All webinars
            </Link>
            <p className="mt-4 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {webinarFormatLabel(webinar)} webinar
            </p>
            <h1
              id="page-title"
              className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl"
            >
              {webinar.title}
            </h1>
            <p className="mt-3 text-lg text-slate-700">{webinar.subtitle}</p>
            <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-2 text-slate-800">
              <li className="flex items-center gap-2">
                <CalendarDays aria-hidden="true" className="h-5 w-5 text-brand-700" />
                <time dateTime={webinar.date}>{formatWebinarTime(webinar)}</time>
              </li>
              <li className="flex items-center gap-2">
                <Clock aria-hidden="true" className="h-5 w-5 text-brand-700" />
                {webinar.durationMinutes} minutes
              </li>
            </ul>
            <ul aria-label="Topics" className="mt-5 flex flex-wrap gap-2">
              {webinar.categories.map((topic) => (
                <li
                  key={topic}
                  className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-900"
                >
                  {topic}
                </li>
              ))}
            </ul>
          </div>
          {image ? (
            <img
              src={image}
              alt=""
              width={webinarImageBox.width}
              height={webinarImageBox.height}
              fetchPriority="high"
              className="aspect-[8/5] w-full rounded-2xl object-cover"
            />
          ) : null}
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:px-6 md:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-10">
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="text-2xl font-extrabold text-slate-900">
              About this webinar
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-800">
              {webinar.description.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </section>
          <section aria-labelledby="speakers-title">
            <h2 id="speakers-title" className="text-2xl font-extrabold text-slate-900">
              Featured speakers
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {webinar.speakers.map((speaker) => (
                <li
                  key={speaker.name}
                  className="flex items-center gap-4 rounded-2xl border border-slate-200 p-4"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                  >
                    {initials(speaker.name)}
                  </span>
                  <span>
                    <span className="block font-bold text-slate-900">{speaker.name}</span>
                    <span className="block text-sm text-slate-700">{speaker.role}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className="min-w-0">
          <RegistrationForm webinar={webinar} result={actionData} />
        </div>
      </div>
    </>
  );
}

/** "Dr. Adaeze Nwosu" → "AN": titles are left out. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => !/\.$/.test(word))
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** Unknown ids get the site's not-found page (with status 404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageLoadError error={error} />;
}
