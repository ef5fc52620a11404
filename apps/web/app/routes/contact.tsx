import { brand } from '@ipatient/contracts/brand';
import { Mail, Phone } from 'lucide-react';
import { ArrivingNotice } from '../features/pages/arriving-notice.tsx';
import { PageBody } from '../features/pages/page-body.tsx';
import { PageHero } from '../features/pages/page-hero.tsx';
import { staticPage } from '../lib/hydration.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadSiteDocuments } from '../lib/site-docs.server.ts';
import type { Route } from './+types/contact';

export const handle = staticPage;

export function meta() {
  return pageMeta({
    title: 'Contact us',
    description: `Call or email the ${brand.siteName} team about campaigns, complaints or anything else.`,
  });
}

/** Phone and email as published in the website documents, else the brand's own address. */
export async function loader({ context }: Route.LoaderArgs) {
  const documents = await loadSiteDocuments(context);
  return {
    phone: documents?.contactUs.phone ?? null,
    email: documents?.contactUs.email ?? brand.contactEmail,
  };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { phone, email } = loaderData;
  const cards = [
    ...(phone
      ? [{ icon: Phone, title: 'Call us', value: phone, href: `tel:${phone.replaceAll(' ', '')}` }]
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
        <ArrivingNotice title="A contact form is on its way">
          <p>
            Soon you will be able to message us from this page. Until then, please call or email; we
            reply to every message.
          </p>
        </ArrivingNotice>
      </PageBody>
    </>
  );
}
