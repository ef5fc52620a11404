import { formatDate, formatNaira } from '@ipatient/contracts/format';
import { Pagination } from '../../components/ui/pagination.tsx';
import type { DonationItem, DonationPage } from './donation-types.ts';
import { timeAgo } from './time-ago.ts';

function DonationRow({ donation }: { donation: DonationItem }) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold break-words text-slate-900">{donation.name}</p>
        <p className="font-bold text-slate-900">{formatNaira(donation.amount)}</p>
      </div>
      <p className="text-sm text-slate-600">
        <time dateTime={donation.paidAt} title={formatDate(donation.paidAt)}>
          {timeAgo(donation.paidAt)}
        </time>
      </p>
      {donation.message ? (
        <p className="mt-1 break-words whitespace-pre-line text-slate-800">{donation.message}</p>
      ) : null}
    </li>
  );
}

interface DonationsListProps {
  /** null: the API could not answer. */
  page: DonationPage | null;
  /** The address of another page of the list (keeps the rest of the address). */
  hrefFor?: (page: number) => string;
  /** The heading's id and text. */
  headingId: string;
  heading?: string;
  headingLevel?: 2 | 4;
}

/** Succeeded donations, newest first: name or 'Anonymous', amount, time ago and message. */
export function DonationsList({
  page,
  hrefFor,
  headingId,
  heading = 'Donations',
  headingLevel = 2,
}: DonationsListProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h4';
  const totalPages = page ? Math.max(1, Math.ceil(page.total / Math.max(1, page.limit))) : 1;
  return (
    <section aria-labelledby={headingId}>
      <Heading
        id={headingId}
        className={
          headingLevel === 2 ? 'font-bold text-slate-900' : 'text-sm font-bold text-slate-900'
        }
      >
        {heading}
      </Heading>
      {page === null ? (
        <p className="mt-2 text-slate-700">The donations could not be loaded just now.</p>
      ) : page.donations.length === 0 ? (
        <p className="mt-2 text-slate-700">No donations yet. Be the first to give.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200">
            {page.donations.map((donation) => (
              <DonationRow key={donation._id} donation={donation} />
            ))}
          </ul>
          {hrefFor ? (
            <Pagination
              label="Donation pages"
              page={page.page}
              totalPages={totalPages}
              hrefFor={hrefFor}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
