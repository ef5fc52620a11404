import { brand } from '@ipatient/contracts/brand';
import { contactSentMessage } from '@ipatient/contracts/contact';
import { errorTexts } from '@ipatient/contracts/errors';
import { Mail, MapPin, Phone } from 'lucide-react';
import { ActionToast } from '../components/ui/action-toast.tsx';
import { ContactForm, contactFields } from '../features/pages/contact-form.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { getApi } from '../lib/api-context.ts';
import {
  actionFailure,
  apiMessage,
  echoValues,
  formText,
  readFormData,
  redirectWithFlash,
} from '../lib/forms.server.ts';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadSiteDocuments } from '../lib/site-docs.server.ts';
import type { Route } from './+types/contact';

// The form is a plain post to this route's action; the page needs no React in the browser.
export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Contact us',
    description: `Call or email the ${brand.siteName} team about campaigns, complaints or anything else.`,
  });
}

/** Phone, email and address as published in the website documents, else the brand's address. */
export async function loader({ context }: Route.LoaderArgs) {
  const documents = await loadSiteDocuments(context);
  return {
    phone: documents?.contactUs.phone ?? null,
    email: documents?.contactUs.email ?? brand.contactEmail,
    address: documents?.contactUs.address ?? null,
  };
}

/** POST /contact-us; back to the page with a toast, or the form again with the server's errors. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const response = await getApi(context, form).contact.send({
    body: {
      firstName: formText(form, 'firstName'),
      lastName: formText(form, 'lastName'),
      email: formText(form, 'email'),
      phone: formText(form, 'phone'),
      message: formText(form, 'message'),
    },
  });
  if (!response.ok) {
    return actionFailure(response, errorTexts.sendMessage, {
      values: echoValues(form, contactFields),
    });
  }
  return redirectWithFlash(
    request,
    '/contact',
    { kind: 'success', message: apiMessage(response.body, contactSentMessage) },
    response.setCookies,
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { phone, email, address } = loaderData;
  const cards = [
    ...(phone
      ? [
          {
            icon: Phone,
            title: 'Call us',
            value: phone,
            href: `tel:${phone.replace(/[^\d+]/g, '')}`,
          },
        ]
      : []),
    { icon: Mail, title: 'Email us', value: email, href: `mailto:${email}` },
  ];
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        lead={<p>Questions about a campaign, a complaint or your account? We are here to help.</p>}
      />
      <PageBody>
        <ul className="grid gap-4 md:grid-cols-2">
          {cards.map((card) => (
            <li key={card.title} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
              <card.icon aria-hidden="true" className="h-7 w-7 text-brand-700" />
              <h2 className="mt-3 text-lg font-bold text-slate-900">{card.title}</h2>
              <a
                href={card.href}
                className="mt-1 inline-flex min-h-11 items-center text-lg font-semibold break-all text-brand-800 underline"
              >
                {card.value}
              </a>
            </li>
          ))}
        </ul>
        {address ? (
          <p className="flex items-start gap-2 text-slate-700">
            <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <span>
              <span className="font-semibold text-slate-900">Visit us: </span>
              {address}
            </span>
          </p>
        ) : null}
        <ContactForm result={actionData} />
      </PageBody>
      <ActionToast result={actionData} />
    </>
  );
}
