import { donationStatusLabels, paymentChannelText } from '@ipatient/contracts/donation-rules';
import { formatKobo } from '@ipatient/contracts/fees';
import { formatDate } from '@ipatient/contracts/format';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import type { MyDonationPage } from './donation-types.ts';

const kobo = (naira: number) => Math.round(naira * 100);

/**
 * The Donations tab of the account: the member's own gifts, newest first, each with where it
 * went, the amount, the fee, the date, its status and a link to its receipt page. `page` null:
 * the API could not answer.
 */
export function MyDonations({
  page,
  hrefFor,
}: {
  page: MyDonationPage | null;
  hrefFor: (page: number) => string;
}) {
  const pages = page ? Math.max(1, Math.ceil(page.total / page.limit)) : 1;
  return (
    <section aria-labelledby="my-donations-title" className="space-y-4">
      <h2 id="my-donations-title" className="text-2xl font-bold text-slate-900">
        My donations
      </h2>
      {page === null ? (
        <FormAlert message="Your donations could not be loaded. Please try again in a moment." />
      ) : page.donations.length === 0 ? (
        <p className="text-slate-700">
          Gifts you make while signed in are listed here, with their receipts.
        </p>
      ) : (
        <ul className="space-y-3">
          {page.donations.map((gift) => (
            <li
              key={gift.reference}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h3 className="font-bold break-words text-slate-900">
                <a
                  href={gift.campaignId ? `/campaigns/${gift.campaignId}` : '/green-heart-fund'}
                  className="underline-offset-4 hover:underline"
                >
                  {gift.campaignTitle}
                </a>
              </h3>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-slate-600">Amount</dt>
                  <dd className="font-semibold text-slate-900">{formatKobo(kobo(gift.amount))}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Fee</dt>
                  <dd className="text-slate-900">{formatKobo(kobo(gift.fee))}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Date</dt>
                  <dd className="text-slate-900">{formatDate(gift.paidAt ?? gift.createdAt)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Status</dt>
                  <dd className="text-slate-900">{donationStatusLabels[gift.status]}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Paid by</dt>
                  <dd className="text-slate-900">{paymentChannelText(gift.channel)}</dd>
                </div>
              </dl>
              <a
                href={gift.receiptPath}
                className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
              >
                See the receipt
                <span className="sr-only">
                  {' '}
                  of {formatKobo(kobo(gift.amount))} to {gift.campaignTitle}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {page && pages > 1 ? (
        <nav aria-label="Pages of my donations" className="flex gap-4">
          {page.page > 1 ? (
            <a href={hrefFor(page.page - 1)} className="font-semibold text-brand-800 underline">
              Newer gifts
            </a>
          ) : null}
          {page.page < pages ? (
            <a href={hrefFor(page.page + 1)} className="font-semibold text-brand-800 underline">
              Older gifts
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
