import { brand } from '@ipatient/contracts/brand';
import { paymentChannelText } from '@ipatient/contracts/donation-rules';
import { formatKobo } from '@ipatient/contracts/fees';
import { HeartHandshake } from 'lucide-react';
import { WhatsAppIcon } from '../../components/share/share-icons.tsx';
import { ShareWidget } from '../../components/share/share-widget.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import type { DonationVerification } from './donation-types.ts';

const kobo = (naira: number) => Math.round(naira * 100);

/** The thank-you line, as the toast of a gift said it before (kept the same words). */
export function thanksText(amount: number): string {
  return `Thank you! Your donation of ${formatKobo(kobo(amount))} has been received.`;
}

/** The message a donor sends on WhatsApp after giving, with the page's address. */
export function whatsAppMessage(title: string, url: string, fund: boolean): string {
  const what = fund ? `the ${brand.siteName} Green-Heart fund` : `"${title}" on ${brand.siteName}`;
  return `I just gave to ${what}. Every naira helps a patient get care: please give or share. ${url}`;
}

/** wa.me with the message filled in: opens WhatsApp on a phone, WhatsApp Web elsewhere. */
export const whatsAppHref = (message: string) =>
  `https://wa.me/?text=${encodeURIComponent(message)}`;

/**
 * After a gift went through: thanks, what reached the campaign, and a WhatsApp-first share
 * prompt (plain links, so it works without script), then the other ways to share.
 */
export function ShareAfterGiving({
  donation,
  url,
  backHref,
}: {
  donation: DonationVerification;
  /** The absolute address of the campaign (or the fund's page). */
  url: string;
  backHref: string;
}) {
  const fund = donation.campaignId === null;
  const message = whatsAppMessage(donation.campaignTitle, url, fund);
  const to = fund ? 'The fund' : 'The campaign';
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-xl space-y-6 px-4 py-10">
      <h1 id="page-title" className="text-3xl font-extrabold text-slate-900">
        Thank you for giving
      </h1>
      <p role="status" className="rounded-xl bg-brand-50 p-4 font-semibold text-brand-900">
        {thanksText(donation.amount)}
      </p>
      <dl className="grid gap-2 rounded-2xl border border-slate-200 p-5">
        <div>
          <dt className="text-sm text-slate-600">Given to</dt>
          <dd className="font-semibold break-words text-slate-900">{donation.campaignTitle}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{to} receives</dt>
          <dd className="font-semibold text-slate-900">{formatKobo(kobo(donation.received))}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Payment provider’s fee</dt>
          <dd className="text-slate-900">{formatKobo(kobo(donation.fee))}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Paid by</dt>
          <dd className="text-slate-900">{paymentChannelText(donation.channel)}</dd>
        </div>
      </dl>
      <section
        aria-labelledby="share-title"
        className="space-y-3 rounded-2xl border-2 border-brand-200 bg-white p-5"
      >
        <h2 id="share-title" className="text-xl font-bold text-slate-900">
          Share it on WhatsApp
        </h2>
        <p className="text-slate-700">
          Most gifts come from friends and family who hear about a campaign on WhatsApp. Send it to
          your groups: the message is written for you.
        </p>
        <blockquote className="rounded-xl bg-slate-50 p-3 text-sm break-words text-slate-800">
          {message}
        </blockquote>
        <a
          href={whatsAppHref(message)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary', 'w-full')}
        >
          <WhatsAppIcon />
          Send it on WhatsApp
        </a>
        <p className="text-sm font-semibold text-slate-700">Or share another way</p>
        <ShareWidget
          url={url}
          title={donation.campaignTitle}
          text={message.replace(` ${url}`, '')}
        />
      </section>
      <a href={backHref} className={buttonClass('secondary')}>
        <HeartHandshake aria-hidden="true" className="h-5 w-5" />
        {fund ? 'Back to the Green-Heart fund' : 'Back to the campaign'}
      </a>
    </section>
  );
}
